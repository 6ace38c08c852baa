import { describe, expect, it } from 'vitest';
import { testVehicle as vehicle } from './testVehicles';
import { filterVehicles } from './vehicleFilter';

const fleet = [
  vehicle({ vehicle_id: 'a', name: 'FL-01 Counterbalance' }),
  vehicle({ vehicle_id: 'b', name: 'RT-03 Reach truck', motion: 'stopping' }),
  vehicle({ vehicle_id: 'c', name: 'ＦＬ-02', online: false }),
  vehicle({ vehicle_id: 'd', name: 'TT-06', online: false, position_at: null }),
];
const ids = (list: { vehicle_id: string }[]) => list.map((v) => v.vehicle_id);

describe('the live console filter', () => {
  it('shows every vehicle and counts each state when nothing is picked', () => {
    const { shown, counts } = filterVehicles(fleet, { search: '', shades: [] });
    expect(ids(shown)).toEqual(['a', 'b', 'c', 'd']);
    expect(counts).toEqual({ running: 1, stopping: 1, offline: 1, unknown: 1 });
  });

  it('matches names whatever their case and width, and counts only the matches', () => {
    const { shown, counts } = filterVehicles(fleet, { search: ' fl-0', shades: [] });
    expect(ids(shown)).toEqual(['a', 'c']);
    expect(counts).toEqual({ running: 1, stopping: 0, offline: 1, unknown: 0 });
  });

  it('shows only the states picked, with the counts of all', () => {
    const { shown, counts } = filterVehicles(fleet, { search: '', shades: ['stopping', 'unknown'] });
    expect(ids(shown)).toEqual(['b', 'd']);
    expect(counts.running).toBe(1);
  });
});
