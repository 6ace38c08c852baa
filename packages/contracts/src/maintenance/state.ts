// A vehicle's state under a maintenance plan, from the plan, the last maintenance (time and hour
// meter) and now (time and the vehicle's checked hour meter): ok → warning → due → overdue.
// Pure and given its clock, so the server's lists, the mail job and the tests compute the same.
//
// - A meter cycle (operating hours) ends when the meter has run `cycle_value` hours since the last
//   maintenance; a time cycle when that much time has passed (months and years on the calendar;
//   elapsed hours of 720 and 8760 are a month and a year told in hours and, as the spec says, get
//   24 added: 31 and 366 days, never shorter than the calendar's longest).
// - warning: within the warning time before the end; due: the end reached; overdue: past the end
//   by more than the warning time again (the window mirrored), or by a whole cycle's tenth when
//   that is longer.
// - A plan with a meter and a calendar cycle is in the worse of the two states, due at whichever
//   end comes first; the calendar cycle warns the same share of its length before its end as the
//   meter cycle does.
// - The due date of a meter cycle is forecast from the vehicle's average hours a day.
import { type CalendarUnit, type CycleUnit, onMeter, spanDays } from './maintenance.ts';

export const STATE_ORDER = { ok: 0, warning: 1, due: 2, overdue: 3 } as const;
export type AssignmentState = keyof typeof STATE_ORDER;

export interface PlanCycle {
  cycle_unit: CycleUnit;
  cycle_value: number;
  warning_time: number;
  warning_type: CycleUnit;
  calendar_unit?: CalendarUnit | null;
  calendar_value?: number | null;
}

export interface Baseline {
  /** The last maintenance (or, before any, when the vehicle joined the plan). */
  since: Date;
  /** The vehicle's hour meter then (null: not known; the meter cycle then counts from its first reading). */
  sinceMeter: number | null;
}

export interface Reading {
  now: Date;
  /** The vehicle's checked hour meter now (initial + correction + device), null when it has none. */
  meter: number | null;
  /** Its average operating hours a day, for the forecast (null or 0: none). */
  dailyHours: number | null;
}

export interface AssignmentStatus {
  state: AssignmentState;
  /** Operating hours left on a meter cycle (negative: past it); null for a time cycle. */
  hours_left: number | null;
  /** When it falls due: the time cycle's end, or the meter's forecast; the earlier of the two. */
  due_at: Date | null;
  /**
   * Where the state changes next: the hour meter and the time at which it may change (null: not
   * by that), so that an evaluation looks again only at assignments that crossed one.
   */
  changes: { meter: number | null; at: Date | null };
}

const DAY = 86_400_000;

/** `date` moved by `value` of a time unit (months and years on the UTC calendar, clamped to the month's end). */
export function addSpan(date: Date, value: number, unit: CycleUnit): Date {
  switch (unit) {
    case 'elapsed_hours':
      return new Date(date.getTime() + spanDays(value) * DAY);
    case 'days':
      return new Date(date.getTime() + value * DAY);
    case 'months':
    case 'years': {
      const months = unit === 'months' ? value : value * 12;
      const whole = Math.trunc(months);
      const target = new Date(date.getTime());
      const day = target.getUTCDate();
      target.setUTCDate(1);
      target.setUTCMonth(target.getUTCMonth() + whole);
      const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
      target.setUTCDate(Math.min(day, last));
      // A fraction of a month counts as 30 days of it.
      return new Date(target.getTime() + (months - whole) * 30 * DAY);
    }
    case 'operating_hours':
      throw new Error('operating hours are not a span of time');
  }
}

const stateOf = (position: number, end: number, warning: number, grace: number): AssignmentState =>
  position < end - warning ? 'ok' : position < end ? 'warning' : position < end + grace ? 'due' : 'overdue';
/** The position at which `stateOf` answers differently next (null: overdue, it stays so). */
const nextChange = (position: number, end: number, warning: number, grace: number): number | null =>
  [end - warning, end, end + grace].find((boundary) => position < boundary) ?? null;

/** The state of one time cycle (time units only). */
function timeState(
  plan: { value: number; unit: CycleUnit; warning: number; warningUnit: CycleUnit },
  since: Date,
  now: Date,
) {
  const end = addSpan(since, plan.value, plan.unit);
  const warningStart = onMeter(plan.warningUnit) ? end : addSpan(end, -plan.warning, plan.warningUnit);
  const warning = end.getTime() - warningStart.getTime();
  const grace = Math.max(warning, (end.getTime() - since.getTime()) / 10);
  const next = nextChange(now.getTime(), end.getTime(), warning, grace);
  return {
    state: stateOf(now.getTime(), end.getTime(), warning, grace),
    end,
    next: next === null ? null : new Date(next),
  };
}

export function assignmentStatus(plan: PlanCycle, baseline: Baseline, reading: Reading): AssignmentStatus {
  const worse = (a: AssignmentState, b: AssignmentState) => (STATE_ORDER[a] >= STATE_ORDER[b] ? a : b);
  const earlier = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b));
  if (!onMeter(plan.cycle_unit)) {
    const { state, end, next } = timeState(
      {
        value: plan.cycle_value,
        unit: plan.cycle_unit,
        warning: plan.warning_time,
        warningUnit: plan.warning_type,
      },
      baseline.since,
      reading.now,
    );
    return { state, hours_left: null, due_at: end, changes: { meter: null, at: next } };
  }
  let state: AssignmentState = 'ok';
  let hoursLeft: number | null = null;
  let dueAt: Date | null = null;
  const changes: AssignmentStatus['changes'] = { meter: null, at: null };
  if (reading.meter !== null) {
    const sinceMeter = baseline.sinceMeter ?? reading.meter;
    const used = reading.meter - sinceMeter;
    const grace = Math.max(plan.warning_time, plan.cycle_value / 10);
    hoursLeft = plan.cycle_value - used;
    state = stateOf(used, plan.cycle_value, plan.warning_time, grace);
    const next = nextChange(used, plan.cycle_value, plan.warning_time, grace);
    changes.meter = next === null ? null : sinceMeter + next;
    if (reading.dailyHours && reading.dailyHours > 0)
      dueAt = new Date(reading.now.getTime() + Math.max(0, hoursLeft / reading.dailyHours) * DAY);
  }
  if (plan.calendar_unit && plan.calendar_value) {
    // The calendar cycle warns the same share of its length before its end as the meter's does.
    const calendarDays =
      (addSpan(baseline.since, plan.calendar_value, plan.calendar_unit).getTime() -
        baseline.since.getTime()) /
      DAY;
    const warningDays = (calendarDays * plan.warning_time) / plan.cycle_value;
    const calendar = timeState(
      { value: plan.calendar_value, unit: plan.calendar_unit, warning: warningDays, warningUnit: 'days' },
      baseline.since,
      reading.now,
    );
    state = worse(state, calendar.state);
    dueAt = earlier(dueAt, calendar.end);
    changes.at = calendar.next;
  }
  return { state, hours_left: hoursLeft, due_at: dueAt, changes };
}

/**
 * Whether a new hour meter reading can be applied: it never runs backwards and never gains more
 * than the hours that passed (24 a day). Such a reading is kept aside, not applied.
 */
export function meterReadingProblem(
  last: { meter: number; at: Date } | null,
  next: { meter: number; at: Date },
): 'backwards' | 'too_fast' | null {
  if (!last) return null;
  if (next.meter < last.meter) return 'backwards';
  const hoursPassed = Math.max(0, (next.at.getTime() - last.at.getTime()) / 3_600_000);
  // A minute's slack for the two clocks.
  return next.meter - last.meter > hoursPassed + 1 / 60 ? 'too_fast' : null;
}
