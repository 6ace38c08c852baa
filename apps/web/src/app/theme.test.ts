import { THEME_COLOR } from '@fleetlens/contracts';
import { describe, expect, it } from 'vitest';
import { consoleTheme, contrast, readableOnWhite, TEXT_CONTRAST } from './theme';

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
      expect(theme(brand).colorLink).toBe(primary);
    },
  );

  it('draws every state chip and preset chip in a colour readable on its pale background', () => {
    const token = theme(THEME_COLOR) as Record<string, string>;
    for (const state of ['Info', 'Success', 'Warning', 'Error']) {
      const text = token[`color${state}`] ?? '';
      expect(contrast(text, token[`color${state}Bg`] ?? ''), state).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    // antd's shade 1 backgrounds of the presets whose text shade 7 was too light.
    const pale = {
      volcano: '#fff2e8',
      orange: '#fff7e6',
      gold: '#fffbe6',
      yellow: '#feffe6',
      lime: '#fcffe6',
      green: '#f6ffed',
      cyan: '#e6fffb',
    };
    for (const [name, bg] of Object.entries(pale)) {
      expect(contrast(token[`${name}7`] ?? '', bg), name).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });
});
