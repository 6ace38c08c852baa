// Every cycle unit the spec names (operating hours, elapsed hours, days, months, years), and the
// meter cycle with a calendar cycle beside it, through the API and the evaluation at a clock given
// here: a master item and a plan for each, one vehicle under them all, and the next due of each as
// the vehicle's row says it. Months and years end on the calendar, clamped to the month's end; 720
// and 8760 elapsed hours get 24 added (31 and 366 days); a meter cycle says its hours left and
// forecasts its due date from the vehicle's average hours a day. The dates lie in the past, so
// the last maintenance is never in the future, whatever the day the test runs.
import type { CycleUnit } from '@fleetlens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness.ts';
import { fitMeterDevice, holdEvaluation, readMeter } from '../../testing/hourMeter.ts';
import { addPlan } from '../../testing/maintenance.ts';
import { evaluateAll } from './evaluation.ts';

const NOW = new Date('2025-03-10T12:00:00Z');
const DAY = 86_400_000;

interface Case {
  item: string;
  plan: { cycle_unit: CycleUnit; cycle_value: number; warning_time: number; warning_type: CycleUnit };
  last: string;
  /** The state at NOW; the next due (UTC) and, for a meter cycle, the hours left. */
  state: string;
  due: string;
  hoursLeft: number | null;
  lastMeter?: number;
  calendar?: { calendar_unit: 'days' | 'months' | 'years'; calendar_value: number };
}
/** Item, cycle, warning, last maintenance; the state at NOW, the next due (UTC, to the hour); more. */
type Row = [string, CycleUnit, number, number, CycleUnit, string, string, string, Partial<Case>?];
const METER = { lastMeter: 1000, hoursLeft: 50 };

const rows: Row[] = [
  // 50 operating hours left at 5 a day: due in 10 days.
  ['Engine oil', 'operating_hours', 250, 25, 'operating_hours', '2025-03-01', 'ok', '2025-03-20T12', METER],
  ['Battery water', 'elapsed_hours', 500, 48, 'elapsed_hours', '2025-03-01', 'ok', '2025-03-21T20'],
  // 720 and 8760 elapsed hours get 24 added: 31 and 366 days.
  ['Monthly check', 'elapsed_hours', 720, 240, 'elapsed_hours', '2025-03-01', 'ok', '2025-04-01T00'],
  ['Yearly check', 'elapsed_hours', 8760, 720, 'elapsed_hours', '2025-03-01', 'ok', '2026-03-02T00'],
  ['Tyre pressure', 'days', 10, 2, 'days', '2025-03-01', 'warning', '2025-03-11T00'],
  // A month from 31 January ends on 28 February; past it by more than the warning: overdue.
  ['Brake check', 'months', 1, 5, 'days', '2025-01-31', 'overdue', '2025-02-28T00'],
  // A year from 29 February ends on 28 February; past it by less than a tenth of the year: due.
  ['Inspection', 'years', 1, 1, 'months', '2024-02-29', 'due', '2025-02-28T00'],
  // 300 hours left at 5 a day would end on 9 May; the calendar's 6 months end first.
  [
    'Hydraulics',
    'operating_hours',
    500,
    50,
    'operating_hours',
    '2024-10-01',
    'ok',
    '2025-04-01T00',
    {
      ...METER,
      hoursLeft: 300,
      calendar: { calendar_unit: 'months', calendar_value: 6 },
    },
  ],
];
const cases: Case[] = rows.map(([item, unit, value, warning, warningUnit, day, state, due, more]) => ({
  item: `${item} (${unit}${more?.calendar ? ` or ${more.calendar.calendar_value} ${more.calendar.calendar_unit}` : ''})`,
  plan: { cycle_unit: unit, cycle_value: value, warning_time: warning, warning_type: warningUnit },
  last: `${day} 00:00:00`,
  state,
  due: `${due}:00:00Z`,
  hoursLeft: null,
  ...more,
}));

let h: Harness;
let customerId = '';
let vehicleId = '';
const plans: string[] = [];

beforeAll(async () => {
  h = await startHarness();
  holdEvaluation(h);
  await h.grant('Fleet manager', ['maintenance:view', 'maintenance:add', 'maintenance:edit']);
  customerId = (await h.companies()).harbor ?? '';
  vehicleId = await h.addVehicle(customerId, 'Cycle crane');
  const meter = { device: await fitMeterDevice(h, customerId, vehicleId, '7770201'), customerId, vehicleId };
  for (const c of cases) {
    const { item, plan } = await addPlan(h.as('manager'), customerId, c.item, { ...c.plan, ...c.calendar });
    expect(item.status).toBe(201);
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    plans.push(plan.body.data.id);
    const assigned = await h.as('manager').post(`/maintenances/${plan.body.data.id}/vehicles`, {
      vehicle_id: vehicleId,
      last_maintenance_at: c.last,
      last_hour_meter: c.lastMeter ?? null,
    });
    expect(assigned.status).toBe(201);
  }
  // 50 operating hours over the 10 days before NOW: 5 hours a day.
  await readMeter(h, meter, 1150, new Date(NOW.getTime() - 10 * DAY));
  await evaluateAll(h.database, new Date(NOW.getTime() - 10 * DAY));
  await readMeter(h, meter, 1200, NOW);
  await evaluateAll(h.database, NOW);
});
afterAll(async () => h?.close());

describe('the next due of each cycle unit', () => {
  it('covers every unit the spec names', () => {
    expect(new Set(cases.map((c) => c.plan.cycle_unit))).toEqual(
      new Set(['operating_hours', 'elapsed_hours', 'days', 'months', 'years']),
    );
  });

  it.each(cases.map((c, i) => [c.item, c, i] as const))('%s', async (_, c, i) => {
    const res = await h.as('manager').get(`/maintenances/${plans[i]}/vehicles/${vehicleId}`);
    expect(res.status).toBe(200);
    const row = res.body.data;
    expect(row.state).toBe(c.state);
    if (c.hoursLeft !== null) {
      expect(row).toMatchObject({ hours_left: c.hoursLeft, hour_meter: 1200 });
      expect(row.daily_hours).toBeCloseTo(5, 6);
    } else expect(row.hours_left).toBeNull();
    expect(new Date(row.due_at).toISOString()).toBe(new Date(c.due).toISOString());
  });
});
