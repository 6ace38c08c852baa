import type { FuelResult } from '@fleetlens/contracts';
import { describe, expect, it } from 'vitest';
import { checkGrid, EMPTY_ROW, moveOf, previousMeter, type RowText, weekOf } from './grid';

const days = weekOf('2026-03-02');
const stored = (day: string, hour_meter: number, remaining_l: number, received_l = 0): FuelResult => ({
  vehicle_id: 'v1',
  day,
  received_l,
  hour_meter,
  remaining_l,
  working_hours: null,
  consumption_l: null,
  version: 1,
  author: null,
  reason: '',
  entered_at: '2026-03-01T00:00:00.000Z',
});
const row = (received_l: string, hour_meter: string, remaining_l: string): RowText => ({
  received_l,
  hour_meter,
  remaining_l,
});
const grid = (texts: Record<string, RowText>, extra: Partial<Parameters<typeof checkGrid>[0]> = {}) =>
  checkGrid({
    vehicleId: 'v1',
    days,
    texts,
    stored: {},
    before: stored('2026-03-01', 1000, 80),
    after: null,
    capacity: 120,
    ...extra,
  });

describe('the fuel grid', () => {
  it('checks each cell as typed: missing, not a number, over capacity, backwards, impossible', () => {
    const check = grid({
      '2026-03-02': row('', '', '50'),
      '2026-03-03': row('abc', '1010', '40'),
      '2026-03-04': row('130', '1016', '30'),
      '2026-03-05': row('0', '999', '20'),
      '2026-03-06': row('0', '1020', '90'),
    });
    expect(check.issues).toEqual({
      '2026-03-02.hour_meter': { key: 'fuelMeterRequired', params: {} },
      '2026-03-03.received_l': { key: 'invalidNumber', params: {} },
      '2026-03-04.received_l': { key: 'fuelFillOverCapacity', params: { capacity: 120 } },
      '2026-03-05.hour_meter': { key: 'fuelMeterBackwards', params: { previous: 1016, day: '2026-03-04' } },
      '2026-03-06.remaining_l': { key: 'fuelRemainingImpossible', params: { available: 20 } },
    });
  });

  it('sends the new and changed days only, and asks for a reason when a stored one changes', () => {
    const kept = { '2026-03-02': stored('2026-03-02', 1008, 70) };
    const same = grid(
      { '2026-03-02': row('0', '1008', '70'), '2026-03-03': row('', '1016', '60') },
      { stored: kept },
    );
    expect(same.issues).toEqual({});
    expect(same.entries).toEqual([
      { vehicle_id: 'v1', day: '2026-03-03', received_l: 0, hour_meter: 1016, remaining_l: 60 },
    ]);
    expect(same.corrects).toBe(false);
    const changed = grid({ '2026-03-02': row('0', '1008,5', '70') }, { stored: kept });
    expect(changed.entries).toEqual([
      { vehicle_id: 'v1', day: '2026-03-02', received_l: 0, hour_meter: 1008.5, remaining_l: 70 },
    ]);
    expect(changed.corrects).toBe(true);
  });

  it('fills an empty meter with the nearest one before it, else the reading before the week', () => {
    const texts = { '2026-03-02': row('', '1008', '70'), '2026-03-03': EMPTY_ROW };
    expect(previousMeter(days, texts, stored('2026-03-01', 1000, 80), '2026-03-04')).toBe('1008');
    expect(previousMeter(days, texts, stored('2026-03-01', 1000, 80), '2026-03-02')).toBe('1000');
    expect(previousMeter(days, {}, null, '2026-03-02')).toBe('');
  });

  it('moves like a spreadsheet: Enter and Tab on and back, arrows across only from the edge of the text', () => {
    const caret = { start: 2, end: 2, length: 2 };
    expect(moveOf('Enter', false, { row: 0, col: 2 }, 7, caret)).toEqual({ row: 1, col: 0 });
    expect(moveOf('Tab', true, { row: 1, col: 0 }, 7, caret)).toEqual({ row: 0, col: 2 });
    expect(moveOf('ArrowDown', false, { row: 6, col: 1 }, 7, caret)).toEqual({ row: 6, col: 1 });
    expect(moveOf('ArrowUp', false, { row: 3, col: 1 }, 7, caret)).toEqual({ row: 2, col: 1 });
    expect(moveOf('ArrowRight', false, { row: 0, col: 0 }, 7, caret)).toEqual({ row: 0, col: 1 });
    expect(moveOf('ArrowLeft', false, { row: 0, col: 1 }, 7, caret)).toBeNull();
    expect(moveOf('ArrowLeft', false, { row: 0, col: 1 }, 7, { start: 0, end: 0, length: 2 })).toEqual({
      row: 0,
      col: 0,
    });
    expect(moveOf('a', false, { row: 0, col: 0 }, 7, caret)).toBeNull();
  });
});
