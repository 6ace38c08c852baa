import type { TrackPoint } from '@fleetlens/contracts';
import { describe, expect, it } from 'vitest';
import { advance, pointIndexAt, positionAt, turnBetween } from './playback';

// Three positions ten seconds apart: east, then north.
const track: TrackPoint[] = [
  [1_000, 139.0, 35.0, 0, 90],
  [11_000, 139.001, 35.0, 20, 90],
  [21_000, 139.001, 35.001, 10, 0],
];

describe('playback', () => {
  it('finds the recorded point at or before a moment', () => {
    expect(pointIndexAt(track, 0)).toBe(-1);
    expect(pointIndexAt(track, 1_000)).toBe(0);
    expect(pointIndexAt(track, 10_999)).toBe(0);
    expect(pointIndexAt(track, 11_000)).toBe(1);
    expect(pointIndexAt(track, 99_000)).toBe(2);
  });

  it('places the vehicle between two positions by the share of time passed', () => {
    const half = positionAt(track, 6_000);
    expect(half).toMatchObject({ index: 0, speed: 10, direction: 90 });
    expect(half?.lng).toBeCloseTo(139.0005, 9);
    expect(half?.lat).toBeCloseTo(35.0, 9);
    const quarter = positionAt(track, 13_500);
    expect(quarter?.lat).toBeCloseTo(35.00025, 9);
    expect(quarter?.speed).toBeCloseTo(17.5, 9);
  });

  it('stands at the ends before the first and after the last position', () => {
    expect(positionAt(track, -5)).toMatchObject({ lng: 139.0, lat: 35.0, index: 0 });
    expect(positionAt(track, 50_000)).toMatchObject({ lng: 139.001, lat: 35.001, index: 2 });
    expect(positionAt([], 5)).toBeUndefined();
  });

  it('turns the short way round', () => {
    expect(turnBetween(350, 10, 0.5)).toBeCloseTo(0, 9);
    expect(turnBetween(10, 350, 0.25)).toBeCloseTo(5, 9);
    expect(turnBetween(90, 0, 0.5)).toBeCloseTo(45, 9);
  });

  it('advances the clock by real time times the speed, and stops at the end', () => {
    expect(advance(1_000, 16, 60, 21_000)).toEqual({ time: 1_960, done: false });
    expect(advance(20_000, 100, 60, 21_000)).toEqual({ time: 21_000, done: true });
  });
});
