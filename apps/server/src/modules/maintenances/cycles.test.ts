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
import { evaluateAll } from './evaluation.ts';

const NOW = new Date('2025-03-10T12:00:00Z');
const DAY = 86_400_000;

interface Case {
  item: string;
  plan: { cycle_unit: CycleUnit; cycle_value: number; warning_time: number; warning_type: CycleUnit };
  calendar?: { calendar_unit: 'days' | 'months' | 'years'; calendar_value: number };
  last: string;
  lastMeter?: number;
  /** The next due (UTC), or for a meter cycle the hours left; and the state at NOW. */
  due?: string;
  hoursLeft?: number;
  state: string;
}

const cases: Case[] = [
  {
    item: 'Engine oil (operating hours)',
    plan: {
      cycle_unit: 'operating_hours',
      cycle_value: 250,
      warning_time: 25,
      warning_type: 'operating_hours',
    },
    last: '2025-03-01 00:00:00',
    lastMeter: 1000,
    hoursLeft: 50,
    state: 'ok',
  },
  {
    item: 'Battery water (elapsed hours)',
    plan: { cycle_unit: 'elapsed_hours', cycle_value: 500, warning_time: 48, warning_type: 'elapsed_hours' },
    last: '2025-03-01 00:00:00',
    due: '2025-03-21T20:00:00Z',
    state: 'ok',
  },
  {
    item: 'Monthly check (720 elapsed hours)',
    plan: { cycle_unit: 'elapsed_hours', cycle_value: 720, warning_time: 240, warning_type: 'elapsed_hours' },
    last: '2025-03-01 00:00:00',
    due: '2025-04-01T00:00:00Z',
    state: 'ok',
  },
  {
    item: 'Yearly inspection (8760 elapsed hours)',
    plan: {
      cycle_unit: 'elapsed_hours',
      cycle_value: 8760,
      warning_time: 720,
      warning_type: 'elapsed_hours',
    },
    last: '2025-03-01 00:00:00',
    due: '2026-03-02T00:00:00Z',
    state: 'ok',
  },
  {
    item: 'Tyre pressure (days)',
    plan: { cycle_unit: 'days', cycle_value: 10, warning_time: 2, warning_type: 'days' },
    last: '2025-03-01 00:00:00',
    due: '2025-03-11T00:00:00Z',
    state: 'warning',
  },
  {
    item: 'Brake check (months)',
    plan: { cycle_unit: 'months', cycle_value: 1, warning_time: 5, warning_type: 'days' },
    last: '2025-01-31 00:00:00',
    due: '2025-02-28T00:00:00Z',
    state: 'overdue',
  },
  {
    item: 'Statutory inspection (years)',
    plan: { cycle_unit: 'years', cycle_value: 1, warning_time: 1, warning_type: 'months' },
    last: '2024-02-29 00:00:00',
    due: '2025-02-28T00:00:00Z',
    state: 'due',
  },
  {
    item: 'Hydraulic service (operating hours or 6 months)',
    plan: {
      cycle_unit: 'operating_hours',
      cycle_value: 500,
      warning_time: 50,
      warning_type: 'operating_hours',
    },
    calendar: { calendar_unit: 'months', calendar_value: 6 },
    last: '2024-10-01 00:00:00',
    lastMeter: 1000,
    hoursLeft: 300,
    due: '2025-04-01T00:00:00Z',
    state: 'ok',
  },
];

let h: Harness;
let customerId = '';
let vehicleId = '';
const plans: string[] = [];

beforeAll(async () => {
  h = await startHarness();
  await holdEvaluation(h);
  await h.grant('Fleet manager', ['maintenance:view', 'maintenance:add', 'maintenance:edit']);
  customerId = (await h.companies()).harbor ?? '';
  vehicleId = await h.addVehicle(customerId, 'Cycle crane');
  const meter = { device: await fitMeterDevice(h, customerId, vehicleId, '7770201'), customerId, vehicleId };
  for (const c of cases) {
    const item = await h.as('manager').post('/maintenance-items', { customer_id: customerId, name: c.item });
    expect(item.status).toBe(201);
    const plan = await h.as('manager').post('/maintenances', {
      customer_id: customerId,
      item_id: item.body.data.id,
      ...c.plan,
      ...c.calendar,
    });
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
    if (c.hoursLeft !== undefined) {
      expect(row).toMatchObject({ hours_left: c.hoursLeft, hour_meter: 1200 });
      expect(row.daily_hours).toBeCloseTo(5, 6);
    } else expect(row.hours_left).toBeNull();
    // A meter cycle alone is due when its hours left run out at 5 a day, to the hour.
    const due = c.due ?? new Date(NOW.getTime() + ((c.hoursLeft ?? 0) / 5) * DAY).toISOString();
    expect(new Date(row.due_at).toISOString()).toBe(new Date(due).toISOString());
  });
});
