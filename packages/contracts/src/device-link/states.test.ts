import { describe, expect, it } from 'vitest';
import { displayedSince, displayedState, type LinkState } from './states.ts';

const state = (over: Partial<LinkState> = {}): LinkState => ({
  online: true,
  connection_changed_at: '2026-11-23T08:00:00.000Z',
  motion: 'running',
  motion_changed_at: '2026-11-23T09:00:00.000Z',
  ...over,
});

describe('the displayed state', () => {
  it('is the motion while online, offline otherwise, nothing before a report', () => {
    expect(displayedState(state())).toBe('running');
    expect(displayedState(state({ motion: 'stopping' }))).toBe('stopping');
    expect(displayedState(state({ motion: null }))).toBe('stopping');
    expect(displayedState(state({ online: false }))).toBe('offline');
    expect(displayedState(null)).toBeNull();
  });

  it('holds since the motion changed, or the device came back if that was later, or it left', () => {
    expect(displayedSince(state())).toBe('2026-11-23T09:00:00.000Z');
    expect(displayedSince(state({ connection_changed_at: '2026-11-23T10:00:00.000Z' }))).toBe(
      '2026-11-23T10:00:00.000Z',
    );
    expect(displayedSince(state({ online: false, connection_changed_at: '2026-11-23T11:00:00.000Z' }))).toBe(
      '2026-11-23T11:00:00.000Z',
    );
    expect(displayedSince(state({ motion_changed_at: null, connection_changed_at: null }))).toBeNull();
  });
});
