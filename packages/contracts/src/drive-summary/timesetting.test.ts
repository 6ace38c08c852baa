import { describe, expect, it } from 'vitest';
import { chartDataQuerySchema } from '../charts/charts.ts';
import { drivingScoreListQuerySchema, drivingScoreQuerySchema } from '../driving-scores/drivingScores.ts';
import { driveSummaryQuerySchema } from './driveSummary.ts';

// Every query that takes a time setting: its own rules compute dates from the offset, so a value
// out of bounds must stop before them (a thrown RangeError was a 500).
const QUERIES = {
  driveSummary: driveSummaryQuerySchema,
  drivingScore: drivingScoreQuerySchema,
  drivingScoreList: drivingScoreListQuerySchema,
  chartData: chartDataQuerySchema,
};

describe('the time setting', () => {
  it('is refused out of bounds, however large, by every query that takes it, and never throws', () => {
    for (const [name, schema] of Object.entries(QUERIES))
      for (const timesetting of ['1e308', '-1e308', '1e20', '9007199254740993', '841', '-721', '0.5', 'x']) {
        const parsed = schema.safeParse({ subject: 'operator', timesetting });
        expect(parsed.success, `${name} ${timesetting}`).toBe(false);
        expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
          ['timesetting', 'validation.timesetting'],
        ]);
      }
  });

  it('is taken within −12 h and +14 h', () => {
    for (const schema of Object.values(QUERIES))
      for (const timesetting of ['-720', '0', '330', '840'])
        expect(schema.safeParse({ subject: 'operator', timesetting }).success).toBe(true);
  });
});
