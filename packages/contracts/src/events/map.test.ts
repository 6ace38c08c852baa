import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../device-link/messages.ts';
import { EVENT_TYPES_BY_SEVERITY, eventMapCellDegrees, eventMapQuerySchema } from './map.ts';

describe('the event map query', () => {
  it('ranks every event type once by severity', () => {
    expect([...EVENT_TYPES_BY_SEVERITY].sort()).toEqual([...EVENT_TYPES].sort());
  });

  it('halves the grid cell with each zoom', () => {
    expect(eventMapCellDegrees(0)).toBe(90);
    expect(eventMapCellDegrees(10.7)).toBe(eventMapCellDegrees(10));
    expect(eventMapCellDegrees(11)).toBe(eventMapCellDegrees(10) / 2);
  });

  it("takes the event list's filters, the world by default, and refuses a box upside down", () => {
    const q = eventMapQuerySchema.parse({ type: 'Impact,Speed', excluded: 'false' });
    expect(q).toMatchObject({ type: ['Impact', 'Speed'], excluded: false, west: -180, east: 180, zoom: 2 });
    expect(eventMapQuerySchema.safeParse({ south: '10', north: '5' }).success).toBe(false);
    expect(eventMapQuerySchema.safeParse({ type: 'Crash' }).success).toBe(false);
  });
});
