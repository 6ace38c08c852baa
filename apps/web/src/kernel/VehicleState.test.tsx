import type { LinkState } from '@fleetlens/contracts';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../test/render';
import { VehicleState } from './VehicleState';

afterEach(() => vi.useRealTimers());

describe("a vehicle's state badge", () => {
  it('counts the seconds of a state younger than a minute, and grows with the clock', async () => {
    // Now, whatever the date: the state changed 25 s ago.
    const since = new Date(Date.now() - 25_000).toISOString();
    const state: LinkState = {
      online: true,
      connection_changed_at: new Date(Date.now() - 3_600_000).toISOString(),
      motion: 'running',
      motion_changed_at: since,
    };
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date', 'setInterval', 'clearInterval'] });
    await renderInShell(<VehicleState state={state} />);
    const badge = () => screen.getByText(/Running/).textContent;
    expect(badge()).toBe('Running · 20 s');
    await act(async () => vi.advanceTimersByTime(20_000));
    expect(badge()).toBe('Running · 40 s');
    await act(async () => vi.advanceTimersByTime(20_000));
    expect(badge()).toBe('Running · 1 min');
  });
});
