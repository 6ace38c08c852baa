// The assignment's state from a plan, its last maintenance and a given clock and meter.
import { describe, expect, it } from 'vitest';
import { addSpan, assignmentStatus, meterReadingProblem, type PlanCycle } from './state.ts';

const DAY = 86_400_000;
const since = new Date(Date.UTC(2031, 0, 31, 8));
const at = (days: number) => new Date(since.getTime() + days * DAY);

const meterPlan: PlanCycle = {
  cycle_unit: 'operating_hours',
  cycle_value: 500,
  warning_time: 50,
  warning_type: 'operating_hours',
};

describe('a meter cycle', () => {
  const stateAt = (meter: number) =>
    assignmentStatus(meterPlan, { since, sinceMeter: 1000 }, { now: at(10), meter, dailyHours: 10 });

  it('goes ok → warning → due → overdue as the meter runs', () => {
    expect(stateAt(1449.9).state).toBe('ok');
    expect(stateAt(1450).state).toBe('warning');
    expect(stateAt(1500).state).toBe('due');
    expect(stateAt(1549.9).state).toBe('due');
    expect(stateAt(1550).state).toBe('overdue');
  });

  it('says the hours left and forecasts the due date from the daily hours', () => {
    const status = stateAt(1300);
    expect(status.hours_left).toBe(200);
    expect(status.due_at?.getTime()).toBe(at(10).getTime() + 20 * DAY);
    expect(stateAt(1600).due_at?.getTime()).toBe(at(10).getTime());
    expect(
      assignmentStatus(meterPlan, { since, sinceMeter: 1000 }, { now: at(1), meter: 1100, dailyHours: 0 })
        .due_at,
    ).toBeNull();
  });

  it('counts from the first reading when the last maintenance has no meter, and is ok without one', () => {
    expect(
      assignmentStatus(meterPlan, { since, sinceMeter: null }, { now: at(1), meter: 4000, dailyHours: 8 }),
    ).toMatchObject({ state: 'ok', hours_left: 500 });
    expect(
      assignmentStatus(meterPlan, { since, sinceMeter: 10 }, { now: at(1), meter: null, dailyHours: null }),
    ).toEqual({ state: 'ok', hours_left: null, due_at: null, changes: { meter: null, at: null } });
  });

  it('is due at whichever comes first with a calendar cycle beside it', () => {
    const both: PlanCycle = { ...meterPlan, calendar_unit: 'months', calendar_value: 1 };
    const slow = (days: number) =>
      assignmentStatus(both, { since, sinceMeter: 0 }, { now: at(days), meter: days, dailyHours: 1 });
    // Jan 31 + 1 month is Feb 28 (2031 is no leap year): 28 days.
    expect(slow(10)).toMatchObject({ state: 'ok', due_at: at(28) });
    expect(slow(27.5).state).toBe('warning');
    expect(slow(28).state).toBe('due');
    const fast = assignmentStatus(both, { since, sinceMeter: 0 }, { now: at(5), meter: 480, dailyHours: 96 });
    expect(fast.state).toBe('warning');
    expect(fast.due_at?.getTime()).toBe(at(5).getTime() + (20 / 96) * DAY);
  });
});

describe('a time cycle', () => {
  const plan = (over: Partial<PlanCycle>): PlanCycle => ({ ...meterPlan, ...over });

  it('ends on the calendar for months and years, clamped to the month’s end', () => {
    expect(addSpan(since, 1, 'months').toISOString()).toBe('2031-02-28T08:00:00.000Z');
    expect(addSpan(since, 1, 'years').toISOString()).toBe('2032-01-31T08:00:00.000Z');
    expect(addSpan(since, 13, 'months').toISOString()).toBe('2032-02-29T08:00:00.000Z');
    expect(addSpan(since, -7, 'days').getTime()).toBe(at(-7).getTime());
  });

  it('adds 24 to 720 and 8760 elapsed hours (a month and a year told in hours), and to no other', () => {
    expect(addSpan(since, 720, 'elapsed_hours').getTime()).toBe(at(31).getTime());
    expect(addSpan(since, 8760, 'elapsed_hours').getTime()).toBe(at(366).getTime());
    expect(addSpan(since, 48, 'elapsed_hours').getTime()).toBe(at(2).getTime());
  });

  it('goes ok → warning → due → overdue as the days pass', () => {
    const days = plan({ cycle_unit: 'days', cycle_value: 90, warning_time: 7, warning_type: 'days' });
    const stateOn = (day: number) =>
      assignmentStatus(days, { since, sinceMeter: null }, { now: at(day), meter: null, dailyHours: null })
        .state;
    expect([stateOn(82.9), stateOn(83), stateOn(90), stateOn(98.9), stateOn(99)]).toEqual([
      'ok',
      'warning',
      'due',
      'due',
      'overdue',
    ]);
    expect(
      assignmentStatus(days, { since, sinceMeter: null }, { now: at(1), meter: 5, dailyHours: 5 }),
    ).toEqual({ state: 'ok', hours_left: null, due_at: at(90), changes: { meter: null, at: at(83) } });
  });
});

describe('where the state changes next', () => {
  it('is the meter of the next boundary on a meter cycle, none once overdue', () => {
    const changeAt = (meter: number) =>
      assignmentStatus(meterPlan, { since, sinceMeter: 1000 }, { now: at(1), meter, dailyHours: null })
        .changes;
    expect(changeAt(1200)).toEqual({ meter: 1450, at: null });
    expect(changeAt(1450)).toEqual({ meter: 1500, at: null });
    expect(changeAt(1520)).toEqual({ meter: 1550, at: null });
    expect(changeAt(1550)).toEqual({ meter: null, at: null });
  });

  it('is the time of the calendar cycle’s next boundary beside the meter’s', () => {
    const both: PlanCycle = { ...meterPlan, calendar_unit: 'days', calendar_value: 100 };
    // The calendar warns 10 % of its length ahead, as the meter does: from day 90, due at 100.
    const changes = (days: number) =>
      assignmentStatus(both, { since, sinceMeter: 0 }, { now: at(days), meter: 10, dailyHours: 1 }).changes;
    expect(changes(5)).toEqual({ meter: 450, at: at(90) });
    expect(changes(95)).toEqual({ meter: 450, at: at(100) });
  });
});

describe('the hour meter check', () => {
  const last = { meter: 1000, at: since };
  it('keeps aside a reading that runs backwards or gains more than the hours that passed', () => {
    expect(meterReadingProblem(last, { meter: 999.9, at: at(1) })).toBe('backwards');
    expect(meterReadingProblem(last, { meter: 1025, at: at(1) })).toBe('too_fast');
    expect(meterReadingProblem(last, { meter: 1024, at: at(1) })).toBeNull();
    expect(meterReadingProblem(last, { meter: 1000, at: at(0) })).toBeNull();
    expect(meterReadingProblem(null, { meter: 5, at: at(0) })).toBeNull();
  });
});
