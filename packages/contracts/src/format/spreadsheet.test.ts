import { describe, expect, it } from 'vitest';
import { SHEET_NAME_MAX, sheetNameOf, spreadsheetCell } from './spreadsheet.ts';

describe('spreadsheet cells', () => {
  it('neutralises text that a spreadsheet would run as a formula, keeps numbers', () => {
    expect(['=1+1', '+A1', '-2', '@SUM(A1)', '\tx', '\rx', 'plain'].map(spreadsheetCell)).toEqual([
      "'=1+1",
      "'+A1",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      'plain',
    ]);
    expect(spreadsheetCell('=HYPERLINK("http://x.test","open")')).toBe(
      '\'=HYPERLINK("http://x.test","open")',
    );
    expect(spreadsheetCell(-0.5)).toBe(-0.5);
    expect(spreadsheetCell(Number.NaN)).toBe('');
    expect(spreadsheetCell(null)).toBe('');
    expect(spreadsheetCell(undefined)).toBe('');
  });
});

describe('sheet names', () => {
  it('replaces the characters Excel refuses and keeps the rest', () => {
    expect(sheetNameOf('Fleet 2026/12')).toBe('Fleet 2026_12');
    expect(sheetNameOf('Report: Q4')).toBe('Report_ Q4');
    expect(sheetNameOf('Weekly [north]')).toBe('Weekly _north_');
    expect(sheetNameOf('a*b?c\\d\u0007e')).toBe('a_b_c_d_e');
    expect(sheetNameOf('車両 週報')).toBe('車両 週報');
  });

  it('is at most 31 characters, never cut inside a character, not empty, no apostrophe at its ends', () => {
    expect(sheetNameOf('x'.repeat(40))).toHaveLength(SHEET_NAME_MAX);
    const emoji = sheetNameOf(`${'x'.repeat(30)}🚚`);
    expect(emoji).toBe('x'.repeat(30));
    expect(sheetNameOf("'quoted'")).toBe('quoted');
    expect(sheetNameOf(`${'y'.repeat(30)}'z`)).toBe('y'.repeat(30));
    expect(sheetNameOf('')).toBe('Sheet1');
    expect(sheetNameOf("'''")).toBe('Sheet1');
    expect(sheetNameOf('History')).toBe('History_');
  });
});
