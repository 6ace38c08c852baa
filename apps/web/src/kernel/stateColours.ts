// The colours of a vehicle's state, the same on the map, in lists and in histories.
/** How a vehicle is drawn: by its state, or unknown before its device first reports. */
export type VehicleShade = 'running' | 'stopping' | 'offline' | 'unknown';

export const SHADE_COLOURS: Record<VehicleShade, string> = {
  running: '#2f9e44',
  stopping: '#1971c2',
  offline: '#868e96',
  unknown: '#ced4da',
};
