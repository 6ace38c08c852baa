import type { TachographDay } from '@fleetlens/contracts';
import { describe, expect, it } from 'vitest';
import { sliceDay, windowAt, windowOfRange } from './window';

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

  it('draws a zoom from the day at hand: its columns, runs cut at the edges, gaps kept, events inside', () => {
    const whole = {
      window: { from: DAY, to: DAY + 24 * H },
      resolution: 'columns',
      column_ms: 60_000,
      speed: { t: [7 * H, 8 * H, 9 * H, 9 * H + 60_000, 16 * H], v: [5, 30, null, 12, 7] },
      activity: [
        { from: DAY, to: DAY + 9 * H, activity: 'driving' },
        { from: DAY + 9 * H, to: DAY + 20 * H, activity: 'stopped' },
      ],
      events: [
        { id: 'a', time: DAY + 7 * H, type: 'x', speed: 1, clips: 0 },
        { id: 'b', time: DAY + 10 * H, type: 'x', speed: 1, clips: 0 },
      ],
    } as unknown as TachographDay;
    const part = sliceDay(whole, DAY + 8 * H, DAY + 16 * H);
    expect(part.window).toEqual({ from: DAY + 8 * H, to: DAY + 16 * H });
    expect(part.speed).toEqual({ t: [0, H, H + 60_000], v: [30, null, 12] });
    expect(part.activity).toEqual([
      { from: DAY + 8 * H, to: DAY + 9 * H, activity: 'driving' },
      { from: DAY + 9 * H, to: DAY + 16 * H, activity: 'stopped' },
    ]);
    expect(part.events.map((e) => e.id)).toEqual(['b']);
  });
});
