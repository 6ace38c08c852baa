// Where a chart's driving figures come from: the one function to switch when the precomputed
// hourly and daily figures (issue 15, item 1) can be read in bulk. Today each vehicle's or
// operator's drive summary is asked for, one at a time, through the drive-summary service (its
// interface, not its SQL), so the charts count exactly what the drive summary screens show.
import { type DriveSummaryBucket, offsetText } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { driveSummaryService } from '../drive-summary/service.ts';

export interface FiguresPeriod {
  start: number;
  end: number;
  interval: 'hour' | 'day';
  timesetting: number;
}

/** One subject's figures: every interval of the period in order, and the period's totals. */
export interface SubjectFigures {
  id: string;
  buckets: DriveSummaryBucket[];
  totals: Omit<DriveSummaryBucket, 'start'>;
}

export function chartFigures(database: DatabaseHandle) {
  const summaries = driveSummaryService(database);
  return async function figuresOf(
    scope: Scoped,
    kind: 'vehicle' | 'operator',
    ids: string[],
    period: FiguresPeriod,
  ): Promise<SubjectFigures[]> {
    // The summaries take times with the caller's offset, as the screens send them.
    const local = (ms: number) =>
      `${new Date(ms + period.timesetting * 60_000).toISOString().slice(0, 19)}${offsetText(period.timesetting)}`;
    const query = {
      start: local(period.start),
      end: local(period.end),
      interval: period.interval,
      timesetting: period.timesetting,
    };
    const figures: SubjectFigures[] = [];
    for (const id of ids) {
      const summary = await summaries.of(scope, kind, id, query);
      figures.push({ id, buckets: summary.buckets, totals: summary.totals });
    }
    return figures;
  };
}
