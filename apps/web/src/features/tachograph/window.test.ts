import { describe, expect, it } from 'vitest';
import { windowAt, windowOfRange } from './window';

const DAY = Date.UTC(2026, 10, 2) - 9 * 3_600_000;
const H = 3_600_000;

describe('the chart window', () => {
  it('centres a view on a time and keeps it inside the day', () => {
    expect(windowAt('8h', DAY + 12 * H, DAY)).toEqual({ view: '8h', from: DAY + 8 * H, to: DAY + 16 * H });
    expect(windowAt('8h', DAY + H, DAY)).toEqual({ view: '8h', from: DAY, to: DAY + 8 * H });
    expect(windowAt('4m', DAY + 24 * H - 1000, DAY).to).toBe(DAY + 24 * H);
    expect(windowAt('24h', DAY + 5 * H, DAY)).toEqual({ view: '24h', from: DAY, to: DAY + 24 * H });
  });

  it('takes the shortest view that holds a dragged range', () => {
    expect(windowOfRange(DAY + 10 * H, DAY + 10 * H + 3 * 60_000, DAY).view).toBe('4m');
    expect(windowOfRange(DAY + 10 * H, DAY + 10 * H + 5 * 60_000, DAY).view).toBe('12m');
    expect(windowOfRange(DAY + 10 * H, DAY + 13 * H, DAY)).toEqual({
      view: '8h',
      from: DAY + 7.5 * H,
      to: DAY + 15.5 * H,
    });
    expect(windowOfRange(DAY + 1 * H, DAY + 10 * H, DAY).view).toBe('24h');
  });
});
