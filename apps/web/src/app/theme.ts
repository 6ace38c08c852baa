// The console's colours, readable by people with low vision (WCAG 2.1 AA): every text at least
// 4.5:1 on its background, icons and focus rings at least 3:1. antd's defaults miss it for
// secondary, placeholder and disabled text, links (a blue that ignores the brand colour), the
// state chips (light green, gold, cyan on their pale backgrounds) and the error red; the theme
// colour a user picks is darkened, in its own hue, until white text on it is readable. A link is
// read on the darkest surface lists put it on, a hovered row, in each of its states: antd's
// lighter hover shade of the link fell to 4.4:1 there. A selected row (or menu item, or option)
// sits on a pale tint of the primary colour, and a link must read there too, hovered or not:
// antd's own shade for a dark theme colour was a grey a link read 3.4:1 on (2.6:1 hovered).
import type { ThemeConfig } from 'antd';

type Rgb = [number, number, number];

const WHITE: Rgb = [255, 255, 255];
/** WCAG's ratio for normal text (1.4.3). */
export const TEXT_CONTRAST = 4.5;

function parseHex(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6);
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16) || 0) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

function luminance([r, g, b]: Rgb): number {
  const [lr, lg, lb] = [r, g, b].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

/** WCAG's contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(parseHex(a)), luminance(parseHex(b))].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function mix(rgb: Rgb, other: Rgb, weight: number): Rgb {
  return rgb.map((v, i) => v + ((other[i] ?? v) - v) * weight) as Rgb;
}

/** The colour itself, or the nearest darker shade of it readable on `background` (as text, or under white text). */
export function readableOn(hex: string, background: string): string {
  let rgb = parseHex(hex);
  for (let step = 0; step < 40 && contrast(toHex(rgb), background) < TEXT_CONTRAST; step++) {
    rgb = mix(rgb, [0, 0, 0], 0.05);
  }
  return toHex(rgb);
}

/** The colour itself, or the nearest darker shade of it that white text can be read on. */
export const readableOnWhite = (hex: string) => readableOn(hex, '#ffffff');

/**
 * A list's hovered row: antd's colorFillAlter (2 % black) laid on white, the table's rowHoverBg
 * (and its sorted column's). With a selected row under the pointer, the darkest backgrounds a
 * list's link sits on.
 */
export const ROW_HOVER_BG = '#fafafa';

/** A lighter tint of a colour: the pale background of its chips and notices, a link's hover. */
function tint(hex: string, amount: number): string {
  return toHex(mix(parseHex(hex), WHITE, amount));
}

// antd's shade 7 of each preset palette is the text of its chips; where it is too light on
// the shade 1 background, a darker shade takes its place. antd keeps each shade under two names
// (green7, green-7) that share one CSS variable, so both are set.
const PRESET_TEXT: Record<string, string> = {
  volcano: '#ad2102',
  orange: '#ad4e00',
  gold: '#874d00',
  yellow: '#876800',
  lime: '#3f6600',
  green: '#237804',
  cyan: '#006d75',
};
const presetText = Object.fromEntries(
  Object.entries(PRESET_TEXT).flatMap(([name, hex]) => [
    [`${name}7`, hex],
    [`${name}-7`, hex],
  ]),
);

/** A state's colour with the pale background and border antd's chips and alerts draw it on. */
function state(name: 'Success' | 'Warning' | 'Error' | 'Info', hex: string) {
  return {
    [`color${name}`]: hex,
    [`color${name}Bg`]: tint(hex, 0.92),
    [`color${name}Border`]: tint(hex, 0.6),
  };
}

const SELECTED_TINT = 0.9;
/** A selected row under the pointer (colorPrimaryBgHover): a shade darker than the selected one. */
const SELECTED_HOVER_TINT = 0.82;

/**
 * The pale shade of the primary colour under a selected row, menu item or option
 * (colorPrimaryBg): antd derives it from its palette, which for a dark theme colour is a grey a
 * link read 3.4:1 on. A tint of the primary colour instead, lightened where a light theme colour
 * needs it, since a menu draws its chosen item in the primary colour itself.
 */
function selectedShade(primary: string, texts: string[]): string {
  let amount = SELECTED_TINT;
  while (amount < 1 && texts.some((text) => contrast(text, tint(primary, amount)) < TEXT_CONTRAST))
    amount += 0.01;
  return tint(primary, Math.min(amount, 1));
}

export type ThemeOptions = { brand: string; fontFamily: string; motion: boolean };

export function consoleTheme({ brand, fontFamily, motion }: ThemeOptions): ThemeConfig {
  const primary = readableOnWhite(brand);
  // A link is read on a hovered row and on a selected row under the pointer, the darkest surfaces
  // lists put it on.
  const selectedHover = tint(primary, SELECTED_HOVER_TINT);
  const readable = (hex: string) => readableOn(readableOn(hex, ROW_HOVER_BG), selectedHover);
  const link = readable(primary);
  const linkHover = readable(tint(link, 0.2));
  return {
    // antd's component styles come from its static sheet (main.tsx), which reads every colour and
    // size from CSS variables: the tokens below still set those variables, so the theme holds,
    // while no component computes and hashes its styles in the browser on render (about a
    // seventh of a form's scripting time before).
    zeroRuntime: true,
    token: {
      colorPrimary: primary,
      colorLink: link,
      // Lighter than the link at rest, so the pointer shows, but readable on the hovered rows; the
      // pressed link is antd's darker shade of it.
      colorLinkHover: linkHover,
      colorPrimaryBg: selectedShade(primary, [primary, link, linkHover]),
      colorPrimaryBgHover: selectedHover,
      borderRadius: 6,
      fontFamily,
      motion,
      ...state('Info', primary),
      ...state('Success', '#237804'),
      ...state('Warning', '#ad4e00'),
      ...state('Error', '#cf1322'),
      // Secondary text 5.7:1, placeholders 4.9:1 (4.5:1 on a disabled field's grey), icons and
      // disabled text 3.4:1: still lighter than body text, so the hierarchy stays.
      colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
      colorTextDescription: 'rgba(0, 0, 0, 0.6)',
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
      colorTextQuaternary: 'rgba(0, 0, 0, 0.45)',
      colorTextDisabled: 'rgba(0, 0, 0, 0.45)',
      // The edge of a field, a checkbox or a default button is what shows it is there (1.4.11):
      // 3.4:1 on white instead of antd's 1.4:1.
      colorBorder: '#8c8c8c',
      ...presetText,
    },
  };
}
