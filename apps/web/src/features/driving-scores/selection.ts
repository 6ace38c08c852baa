// What a score screen shows, kept in its address so that it can be bookmarked and linked: the
// timing (the route's, or manual when a range is given), the period (`period`, or `start` and
// `end` for a manual range) and the subject of the list (`subject`; empty: nothing selected).
// The period is read in the browser's time setting.
import {
  DRIVE_SUMMARY_SUBJECTS,
  type DriveSummarySubject,
  type DrivingScoreQuery,
  SCORE_TIMINGS,
  type ScoreDays,
  type ScoreTiming,
  scoreDays,
} from '@fleetlens/contracts';
import { browserTimesetting } from '../drive-summary/format';

export type FixedTiming = Exclude<ScoreTiming, 'manual'>;

const given = (search: URLSearchParams, name: string) => search.get(name) || undefined;

/** The period of the address: a manual range when both ends are given, else the route's timing. */
export function periodOf(search: URLSearchParams, timing: ScoreTiming): DrivingScoreQuery {
  const start = given(search, 'start');
  const end = given(search, 'end');
  const manual = timing === 'manual' || (start !== undefined && end !== undefined);
  return {
    timing: manual ? 'manual' : timing,
    period: manual ? undefined : given(search, 'period'),
    start: manual ? start : undefined,
    end: manual ? end : undefined,
    timesetting: browserTimesetting(),
  };
}

/** The route's timing from its `:timing` parameter; monthly for anything else. */
export const timingOf = (value: string | undefined): ScoreTiming =>
  (SCORE_TIMINGS as readonly string[]).includes(value ?? '') ? (value as ScoreTiming) : 'monthly';

/** The list's subject: operators unless the address says another, none when it was cleared. */
export function subjectOf(search: URLSearchParams): DriveSummarySubject | undefined {
  const value = search.get('subject');
  if (value === null) return 'operator';
  return (DRIVE_SUMMARY_SUBJECTS as readonly string[]).includes(value)
    ? (value as DriveSummarySubject)
    : undefined;
}

/** The period's part of an address. */
export function periodSearch(q: DrivingScoreQuery): URLSearchParams {
  const search = new URLSearchParams();
  if (q.timing === 'manual') {
    if (q.start) search.set('start', q.start);
    if (q.end) search.set('end', q.end);
  } else if (q.period) search.set('period', q.period);
  return search;
}

/** The local days of the period; the current one where the address holds nonsense. */
export function daysOf(q: DrivingScoreQuery): ScoreDays & { valid: boolean } {
  const days = scoreDays(q);
  if (!('key' in days)) return { ...days, valid: true };
  const fallback = scoreDays({ ...q, timing: q.timing === 'manual' ? 'daily' : q.timing, period: undefined });
  return { ...('key' in fallback ? { from: '', to: '' } : fallback), valid: false };
}

/** The period's first and last day as the screens show them. */
export function periodLabel(q: DrivingScoreQuery): string {
  const { from, to } = daysOf(q);
  if (!from) return '';
  const last = new Date(Date.parse(`${to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  if (q.timing === 'monthly') return from.slice(0, 7);
  return from === last ? from : `${from} – ${last}`;
}

/** The operator's score page for the period. */
export function operatorScorePath(id: string, q: DrivingScoreQuery): string {
  const search = periodSearch(q).toString();
  return `/driving-score/${q.timing}/operator/${encodeURIComponent(id)}${search ? `?${search}` : ''}`;
}
