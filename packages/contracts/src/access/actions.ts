// Who may do the actions that have no page of their own (delete buttons, the groups' dialogs, the
// random video batch): the server's guard and the web's `useMay` read the same list, so a button
// shows exactly when its call is allowed. Actions with a page take the page's roles (routeRoles).
// Staff shorthands as in routes.ts; admin passes every check by itself.
const S = 'support';
const SA = 'sales';
const K = 'kitting';

export const ACTION_ROLES = {
  manufacturerDelete: [S, K, 'manufacturer:delete'],
  vehicleModelDelete: [S, K, 'veh_mod:delete'],
  vehicleDelete: [S, K, 'vehicle:delete'],
  vehicleGroupAdd: [S, 'group:add'],
  vehicleGroupEdit: [S, 'group:edit'],
  vehicleGroupDelete: [S, 'group:delete'],
  deviceDelete: [S, K, 'device:delete'],
  caseDelete: [S, SA, K, 'case:delete'],
  operatorDelete: [S, 'operator:delete'],
  operatorGroupAdd: [S, 'op_group:add'],
  operatorGroupEdit: [S, 'op_group:edit'],
  operatorGroupDelete: [S, 'op_group:delete'],
  rfidDelete: [S, K, 'rfid:delete'],
  randomVideoEdit: [S, 'ran_vid:edit'],
  userDelete: [S, 'user:delete'],
  // Like creating and editing a role (routes.ts roleNew, roleEdit): admin only.
  roleDelete: ['admin'],
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
  // Fuel results: entering a day is the entry page's `fuel:add`; changing a stored day (a new version) is an edit.
  fuelResultsEdit: [S, 'fuel:edit'],
  // Maintenance: master items are kept in a dialog of the masters page; plans and their vehicles are deleted from lists.
  maintenanceItemAdd: [S, 'maintenance:add'],
  maintenanceItemEdit: [S, 'maintenance:edit'],
  maintenanceItemDelete: [S, 'maintenance:delete'],
  maintenanceDelete: [S, 'maintenance:delete'],
  maintenanceVehicleDelete: [S, 'maintenance:delete'],
} as const satisfies Record<string, readonly string[]>;

export type ActionName = keyof typeof ACTION_ROLES;
