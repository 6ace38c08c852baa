import type { IsolationWalk } from '../walks.ts';

// The summaries read B's vehicle, vehicle group, operator and operator group, seeded by those
// modules' walks; B's vehicle of the device-link walk also reported positions (locations walk).
export const walk: IsolationWalk = {
  objects: [
    [/^\/api\/v1\/vehicles\/\{id\}\/drive-summary$/, 'vehicle'],
    [/^\/api\/v1\/vehicle-groups\/\{id\}\/drive-summary$/, 'vehicleGroup'],
    [/^\/api\/v1\/operators\/\{id\}\/drive-summary$/, 'operator'],
    [/^\/api\/v1\/operator-groups\/\{id\}\/drive-summary$/, 'operatorGroup'],
  ],
};
