// Vehicles that move without reloading: the device link pushes positions and states over the live
// channel (contracts DeviceLiveMessage); this hook folds them into the vehicles a page shows, at
// most once a second, so thousands of moving vehicles cost one map update a second.
import type { DeviceLiveMessage, VehicleLocation } from '@fleetlens/contracts';
import { useEffect, useRef, useState } from 'react';
import { subscribeLive } from '../../app/liveBus';
import { applyLive, type PositionUpdate, type StateUpdate } from './map/geojson';

const FLUSH_MS = 1000;

export function useLiveVehicles(loaded: VehicleLocation[] | undefined): VehicleLocation[] {
  const [vehicles, setVehicles] = useState<VehicleLocation[]>(loaded ?? []);
  const pending = useRef<{ positions: PositionUpdate[]; states: StateUpdate[] }>({
    positions: [],
    states: [],
  });

  // A fresh answer from the server replaces what the pushes built.
  useEffect(() => {
    setVehicles(loaded ?? []);
  }, [loaded]);

  useEffect(() => {
    const unsubscribe = subscribeLive((message) => {
      const m = message as DeviceLiveMessage;
      if (m.type === 'device-positions') pending.current.positions.push(...m.data.positions);
      else if (m.type === 'device-states') pending.current.states.push(...m.data.states);
    });
    const timer = setInterval(() => {
      const { positions, states } = pending.current;
      if (positions.length === 0 && states.length === 0) return;
      pending.current = { positions: [], states: [] };
      setVehicles((current) => applyLive(current, positions, states));
    }, FLUSH_MS);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, []);

  return vehicles;
}
