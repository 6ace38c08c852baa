// Who may do the actions that have no page of their own and belong to no described resource (the
// random video batch, an event's review, a chart's dialog): the server's guard and the web's
// `useMay` read the same list, so a button shows exactly when its call is allowed. A described
// resource's delete and dialogs are in its description (resources/index.ts); actions with a page
// take the page's roles (routeRoles). Staff shorthands as in routes.ts; admin passes every check
// by itself.
const S = 'support';
const SA = 'sales';

export const ACTION_ROLES = {
  randomVideoEdit: [S, 'ran_vid:edit'],
  eventEdit: [S, 'event:edit'],
  eventDelete: [S, 'event:delete'],
  eventClipRecreate: [S, 'event_vid:edit'],
  // On-demand video (/video/{vehicleId}/create): its page is open to all, asking a device is not.
  videoCreate: [S, 'event_vid:add'],
  // A customer's site plan under the maps (modules/site-plans): whoever edits its locations.
  sitePlanEdit: [S, 'location:edit'],
  // The dashboard's charts (/virtualization, open to all; its figures are the `dashboard` resource's):
  // sales read them like the rest of the fleet's data; support sets them up with customers.
  chartView: [S, SA, 'dashboard:view'],
  chartAdd: [S, 'dashboard:add'],
  chartEdit: [S, 'dashboard:edit'],
  chartDelete: [S, 'dashboard:delete'],
  // Reports (/report): their pages carry view, add and edit (routes.ts); deleting has no page.
  reportDelete: [S, 'rep_set:delete'],
  // The limits a customer's tachograph days are marked against (modules/tachograph).
  tachographLimitsEdit: [S, 'digi_tacho:edit'],
  // Which events beyond the harsh ones a customer's driving scores count (modules/driving-scores).
  scoreSettingsEdit: [S, 'op_score:edit'],
  // Fuel results: entering a day is the entry page's `fuel:add`; changing a stored day (a new version) is an edit.
  fuelResultsEdit: [S, 'fuel:edit'],
  // A vehicle taken off a maintenance plan, from the plan's list of vehicles.
  maintenanceVehicleDelete: [S, 'maintenance:delete'],
  // A vehicle locked after an impact (modules/lockouts) is released by whoever may edit vehicles:
  // the fleet's supervisors, who answer for putting it back to work.
  vehicleUnlock: [S, 'vehicle:edit'],
} as const satisfies Record<string, readonly string[]>;

export type ActionName = keyof typeof ACTION_ROLES;
