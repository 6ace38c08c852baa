import { describe, expect, it } from 'vitest';
import { chartBodySchema, resolveChartPeriod } from './charts.ts';

// Thursday 2026-11-26 10:00 in Tokyo (01:00 UTC).
const NOW = Date.parse('2026-11-26T01:00:00Z');
const TOKYO = 540;
const iso = (ms: number) => new Date(ms).toISOString();
const none = { range_start: null, range_end: null };

describe('chart periods', () => {
  it("are the user's days, weeks from Monday and months", () => {
    const of = (period: string) => {
      const p = resolveChartPeriod({ period: period as 'today', ...none }, TOKYO, NOW);
      return [iso(p.start), iso(p.end), p.interval];
    };
    expect(of('today')).toEqual(['2026-11-25T15:00:00.000Z', '2026-11-26T15:00:00.000Z', 'hour']);
    expect(of('yesterday')).toEqual(['2026-11-24T15:00:00.000Z', '2026-11-25T15:00:00.000Z', 'hour']);
    expect(of('thisWeek')).toEqual(['2026-11-22T15:00:00.000Z', '2026-11-29T15:00:00.000Z', 'day']);
    expect(of('lastWeek')).toEqual(['2026-11-15T15:00:00.000Z', '2026-11-22T15:00:00.000Z', 'day']);
    expect(of('thisMonth')).toEqual(['2026-10-31T15:00:00.000Z', '2026-11-30T15:00:00.000Z', 'day']);
    expect(of('lastMonth')).toEqual(['2026-09-30T15:00:00.000Z', '2026-10-31T15:00:00.000Z', 'day']);
    const range = resolveChartPeriod(
      { period: 'range', range_start: '2026-01-01', range_end: '2026-01-31' },
      0,
      NOW,
    );
    expect([iso(range.start), iso(range.end)]).toEqual([
      '2026-01-01T00:00:00.000Z',
      '2026-02-01T00:00:00.000Z',
    ]);
  });

  it('ask for both days of a range, in order, at most a year apart', () => {
    const issues = (body: object) =>
      chartBodySchema
        .safeParse({ name: 'C', template: 'eventsPerType', period: 'range', ...body })
        .error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(issues({})).toEqual([
      'range_start:validation.chartRangeRequired',
      'range_end:validation.chartRangeRequired',
    ]);
    expect(issues({ range_start: '2026-02-01', range_end: '2026-01-01' })).toEqual([
      'range_end:validation.endAfterStart',
    ]);
    expect(issues({ range_start: '2025-01-01', range_end: '2026-01-02' })).toEqual([
      'range_end:validation.chartRangeTooLong',
    ]);
    expect(issues({ range_start: '2026-01-01', range_end: '2026-01-01' })).toBeUndefined();
  });
});
