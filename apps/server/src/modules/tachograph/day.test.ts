import { describe, expect, it } from 'vitest';
import { dayFigures, type Part, type Sample, segmentsOf, seriesOf } from './day.ts';

const MIN = 60_000;
const LIMITS = { speed_limit_kmh: 20, max_continuous_driving_minutes: 60, min_break_minutes: 15 };

/** One sample a second over [from, to) at `speed(t)`. */
const everySecond = (from: number, to: number, speed: (t: number) => number): Sample[] =>
  Array.from({ length: (to - from) / 1000 }, (_, i) => ({
    time: from + i * 1000,
    speed: speed(from + i * 1000),
  }));

describe("a busy day's series", () => {
  // 86,400 one-second samples of a day driven at 10 km/h, with one second at 57 km/h, one second
  // standing and ten minutes without data.
  const start = 1_000 * 86_400 * 20_000;
  const peak = start + 12 * 3_600_000 + 17_000;
  const dip = start + 15 * 3_600_000 + 3_000;
  const gap = { from: start + 18 * 3_600_000, to: start + 18 * 3_600_000 + 10 * MIN };
  const samples = everySecond(start, start + 86_400_000, (t) =>
    t === peak ? 57 : t === dip ? 0 : 10,
  ).filter((s) => s.time < gap.from || s.time >= gap.to);
  const parts: Part[] = [{ samples, motions: [] }];
  const segments = segmentsOf(parts);

  it('keeps every peak and every dip in its column, within two points a column', () => {
    const series = seriesOf(parts, segments, start, start + 86_400_000, 1000);
    expect(series.resolution).toBe('columns');
    expect(series.column_ms).toBe(86_400);
    const values = series.speed.v.filter((v): v is number => v !== null);
    expect(Math.max(...values)).toBe(57);
    expect(Math.min(...values)).toBe(0);
    expect(series.speed.t[series.speed.v.indexOf(57)]).toBe(peak - start);
    expect(series.speed.v.length).toBeLessThanOrEqual(2 * 1000 + 1);
  });

  it('breaks the line at the gap and never draws a point inside it', () => {
    const series = seriesOf(parts, segments, start, start + 86_400_000, 1000);
    expect(series.speed.v.filter((v) => v === null)).toHaveLength(1);
    const inside = series.speed.t.filter(
      (t, i) => series.speed.v[i] !== null && t > gap.from - start && t < gap.to - start - 1000,
    );
    expect(inside).toEqual([]);
    const noData = series.activity.filter((run) => run.activity === 'noData');
    expect(noData).toHaveLength(1);
    expect((noData[0]?.to ?? 0) - (noData[0]?.from ?? 0)).toBeGreaterThanOrEqual(9 * MIN);
  });

  it('sends a 12-minute window sample by sample', () => {
    const from = peak - 6 * MIN;
    const series = seriesOf(parts, segments, from, from + 12 * MIN, 1000);
    expect(series.resolution).toBe('samples');
    expect(series.speed.v).toHaveLength(720);
    expect(series.speed.v[360]).toBe(57);
  });
});

describe("a day's totals and marks", () => {
  const t0 = 1_000 * 86_400 * 20_000;
  /** Driving stretches [start minute, end minute) sampled every 10 s; standing in between, engine running. */
  const drive = (stretches: [number, number][], until: number): Part => {
    const samples: Sample[] = [];
    for (let m = 0; m < until * 60; m += 10) {
      const minute = m / 60;
      const moving = stretches.some(([a, b]) => minute >= a && minute < b);
      samples.push({ time: t0 + m * 1000, speed: moving ? 12 : 0 });
    }
    return { samples, motions: [{ time: t0 - 1, running: true }] };
  };

  it('marks driving past the limit without a break of the minimum length, from the moment the limit is passed', () => {
    // 50 min, a 10 min pause (no break), 20 min: the limit of 60 passes 10 min into the second stretch.
    // Then a 20 min break, 30 min more: unmarked.
    const part = drive(
      [
        [0, 50],
        [60, 80],
        [100, 130],
      ],
      140,
    );
    const { totals, marks } = dayFigures([part], segmentsOf([part]), t0, t0 + 140 * MIN, LIMITS);
    expect(marks.continuous_driving).toHaveLength(1);
    const mark = marks.continuous_driving[0];
    // A segment is driving when either end moves: a stretch after a standing sample begins 10 s
    // early (the second at 59:50), so the limit passes at 69:50.
    expect(mark?.from).toBe(t0 + 70 * MIN - 10_000);
    expect(mark?.to).toBe(t0 + 80 * MIN);
    expect(mark?.driving_s).toBe(70 * 60 + 10);
    expect(totals.longest_continuous_driving_s).toBe(70 * 60 + 10);
    expect(totals.continuous_driving_count).toBe(1);
    expect(totals.driving_s).toBe((50 + 20 + 30) * 60 + 20);
    expect(totals.idle_s + totals.driving_s + totals.no_data_s).toBe(140 * 60);
  });

  it('counts standing with the engine off as stopped, and rest as stopped and no data', () => {
    const part: Part = {
      samples: everySecond(t0, t0 + 10 * MIN, () => 0),
      motions: [
        { time: t0 - 1, running: true },
        { time: t0 + 4 * MIN, running: false },
      ],
    };
    const { totals } = dayFigures([part], segmentsOf([part]), t0, t0 + 20 * MIN, LIMITS);
    expect(totals).toMatchObject({ driving_s: 0, idle_s: 240, stopped_s: 359, no_data_s: 601, rest_s: 960 });
  });
});
