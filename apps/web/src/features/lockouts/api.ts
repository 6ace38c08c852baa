// The impact lock-out calls (server modules/lockouts) and their query keys: a vehicle's lock, the
// vehicles locked now, an event's lock history, and the unlock with its reason.
import type { Lockout, LockoutList, VehicleLockoutAnswer } from '@fleetlens/contracts';
import { api } from '../../api/client';

export const lockoutKeys = {
  all: ['lockouts'] as const,
  vehicle: (id: string) => ['lockouts', 'vehicle', id] as const,
  open: ['lockouts', 'open'] as const,
  event: (id: string) => ['lockouts', 'event', id] as const,
};

const vehiclePath = (id: string, rest: string) => `/vehicles/${encodeURIComponent(id)}${rest}`;

export const fetchVehicleLockout = (vehicleId: string) =>
  api.get<VehicleLockoutAnswer>(vehiclePath(vehicleId, '/lockout'));
export const fetchOpenLockouts = () => api.get<LockoutList>('/lockouts');
export const fetchEventLockouts = (eventId: string) =>
  api.get<LockoutList>(`/events/${encodeURIComponent(eventId)}/lockouts`);
export const unlockVehicle = (vehicleId: string, reason: string) =>
  api.post<Lockout>(vehiclePath(vehicleId, '/unlock'), { reason });
