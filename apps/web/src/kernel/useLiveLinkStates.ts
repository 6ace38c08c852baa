// The states pushed by the device link (contracts DeviceLiveMessage 'device-states'), by device
// id, for the screens that list vehicles or devices: a row shows the pushed state over the one it
// was fetched with. Folded at most once a second, like the maps' positions.
import type { DeviceLiveMessage, LinkState } from '@fleetlens/contracts';
import { useEffect, useRef, useState } from 'react';
import { subscribeLive } from '../app/liveBus';

const FLUSH_MS = 1000;

export type LiveLinkStates = ReadonlyMap<string, LinkState>;

export function useLiveLinkStates(): LiveLinkStates {
  const [states, setStates] = useState<LiveLinkStates>(new Map());
  const pending = useRef<{ snapshot: boolean; states: Map<string, LinkState> }>({
    snapshot: false,
    states: new Map(),
  });

  useEffect(() => {
    const unsubscribe = subscribeLive((message) => {
      const m = message as DeviceLiveMessage;
      if (m.type !== 'device-states') return;
      // A snapshot (the socket reconnected) replaces what was pushed before.
      if (m.data.snapshot) pending.current = { snapshot: true, states: new Map() };
      for (const s of m.data.states)
        pending.current.states.set(s.device_id, {
          online: s.online,
          connection_changed_at: s.connection_changed_at,
          motion: s.motion,
          motion_changed_at: s.motion_changed_at,
        });
    });
    const timer = setInterval(() => {
      const { snapshot, states: next } = pending.current;
      if (!snapshot && next.size === 0) return;
      pending.current = { snapshot: false, states: new Map() };
      setStates((current) => new Map([...(snapshot ? [] : current), ...next]));
    }, FLUSH_MS);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, []);

  return states;
}

/** The state to show for a device: the pushed one when there is one, else the fetched one. */
export const liveStateOf = (
  live: LiveLinkStates,
  deviceId: string | null | undefined,
  fetched: LinkState | null,
): LinkState | null => (deviceId ? (live.get(deviceId) ?? fetched) : fetched);
