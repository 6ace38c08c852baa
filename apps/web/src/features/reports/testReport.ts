// The report the report screens' tests open: Harbor's weekly distance of three vehicles, on the
// dashboard; `over` sets what a test reads.
import type { Report } from '@fleetlens/contracts';

export const aReport = (over: Partial<Report> = {}): Report => ({
  id: 'r-1',
  customer: { id: 'c-1', name: 'Harbor Logistics' },
  author: { id: 'u-1', name: 'manager' },
  name: 'Weekly distance',
  template: 'distancePerVehicle',
  period: 'thisWeek',
  range_start: null,
  range_end: null,
  operator_ids: [],
  vehicle_ids: ['v-1', 'v-2', 'v-3'],
  group_ids: [],
  operator_group_ids: [],
  on_dashboard: true,
  hidden: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-02T03:04:05.000Z',
  ...over,
});
