import { THEME_COLOR } from '@fleetlens/contracts';
import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { consoleTheme, contrast, ROW_HOVER_BG, readableOnWhite, TEXT_CONTRAST } from './theme';

/** An rgba() colour laid on a background (white unless told), as #rrggbb. */
function onWhite(rgba: string, background = '#ffffff'): string {
  const [r = 0, g = 0, b = 0, a = 1] = (rgba.match(/[\d.]+/g) ?? []).map(Number);
  const under = [1, 3, 5].map((i) => Number.parseInt(background.slice(i, i + 2), 16));
  const hex = (v: number, i: number) =>
    Math.round(v * a + (under[i] ?? 255) * (1 - a))
      .toString(16)
      .padStart(2, '0');
  return `#${hex(r, 0)}${hex(g, 1)}${hex(b, 2)}`;
}

const BRANDS = [
  THEME_COLOR,
  '#1677ff',
  '#13a8a8',
  '#389e0d',
  '#d46b08',
  '#cf1322',
  '#531dab',
  '#2f3542',
  '#ffff00',
  '#ffffff',
  '#000000',
];

const theme = (brand: string) => consoleTheme({ brand, fontFamily: 'sans-serif', motion: false }).token ?? {};

describe('consoleTheme', () => {
  it('keeps the brand colour when white text on it is readable', () => {
    expect(theme(THEME_COLOR).colorPrimary).toBe(THEME_COLOR);
  });

  it.each(['#1677ff', '#13a8a8', '#389e0d', '#d46b08', '#ffff00', '#ffffff'])(
    'darkens a picked colour too light for white text (%s), keeping its hue',
    (brand) => {
      const primary = readableOnWhite(brand);
      expect(contrast(primary, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(theme(brand).colorPrimary).toBe(primary);
    },
  );

  it.each(BRANDS)(
    "keeps a list's link readable on the hovered row, at rest, hovered and pressed (%s)",
    (brand) => {
      // The tokens as antd computes them, and the hovered row's background as its table does:
      // colorFillAlter laid on the container's background (the table's rowHoverBg).
      const token = antdTheme.getDesignToken(
        consoleTheme({ brand, fontFamily: '', motion: false }),
      ) as unknown as Record<string, string>;
      expect(token.colorBgContainer).toBe('#ffffff');
      const rowHover = onWhite(token.colorFillAlter ?? '');
      expect(rowHover).toBe(ROW_HOVER_BG);
      for (const state of ['colorLink', 'colorLinkHover', 'colorLinkActive'])
        expect(contrast(token[state] ?? '', rowHover), state).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      // The hover still shows: another shade than the link at rest.
      expect(token.colorLinkHover).not.toBe(token.colorLink);
    },
  );

  it.each(BRANDS)(
    'keeps links and text readable on a selected row, menu item or option, hovered or not (%s)',
    (brand) => {
      // A selected row is drawn on controlItemBgActive (the table's rowSelectedBg, a menu's
      // selected item, a select's chosen option), hovered on controlItemBgActiveHover; both are
      // antd's names for colorPrimaryBg and colorPrimaryBgHover.
      const token = antdTheme.getDesignToken(
        consoleTheme({ brand, fontFamily: '', motion: false }),
      ) as unknown as Record<string, string>;
      expect(token.controlItemBgActive).toBe(token.colorPrimaryBg);
      expect(token.controlItemBgActiveHover).toBe(token.colorPrimaryBgHover);
      for (const background of ['colorPrimaryBg', 'colorPrimaryBgHover']) {
        const bg = token[background] ?? '';
        for (const text of ['colorLink', 'colorLinkHover', 'colorLinkActive'])
          expect(contrast(token[text] ?? '', bg), `${text} on ${background}`).toBeGreaterThanOrEqual(
            TEXT_CONTRAST,
          );
        for (const text of ['colorText', 'colorTextSecondary'])
          expect(
            contrast(onWhite(token[text] ?? '', bg), bg),
            `${text} on ${background}`,
          ).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
      // A menu's selected item is drawn in the primary colour itself (not hovered: a selected
      // item keeps its background under the pointer).
      expect(contrast(token.colorPrimary ?? '', token.colorPrimaryBg ?? '')).toBeGreaterThanOrEqual(
        TEXT_CONTRAST,
      );
      // The hover on a selected row still shows.
      expect(token.colorPrimaryBg).not.toBe(token.colorPrimaryBgHover);
    },
  );

  it('draws every state chip and preset chip in a colour readable on its pale background', () => {
    // The tokens as antd computes them, both names of a shade included (green7, green-7).
    const token = antdTheme.getDesignToken(
      consoleTheme({ brand: THEME_COLOR, fontFamily: '', motion: false }),
    ) as unknown as Record<string, string>;
    for (const state of ['Info', 'Success', 'Warning', 'Error']) {
      const text = token[`color${state}`] ?? '';
      expect(contrast(text, token[`color${state}Bg`] ?? ''), state).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    for (const name of [
      'red',
      'volcano',
      'orange',
      'gold',
      'yellow',
      'lime',
      'green',
      'cyan',
      'blue',
      'geekblue',
      'purple',
      'magenta',
    ]) {
      for (const key of [`${name}7`, `${name}-7`]) {
        expect(contrast(token[key] ?? '', token[`${name}1`] ?? ''), key).toBeGreaterThanOrEqual(
          TEXT_CONTRAST,
        );
      }
    }
  });

  it('draws the edges of fields, checkboxes and default buttons at 3:1 on white', () => {
    expect(contrast(String(theme(THEME_COLOR).colorBorder), '#ffffff')).toBeGreaterThanOrEqual(3);
  });
});
