// The plain resources, each described once (./describe.ts): a list, one record, create, update
// and delete under `/api/v1/<name>`, a list page and forms in the console, an audited write. The
// server's `resource()`, the web's `resourceApi` and screen registry, and the isolation walks
// read these; `platform/structure.test.ts` fails when a module restates a path or page name given
// here. A new plain resource starts here (docs/architecture.md, "Adding a plain resource").
//
// Not described here, because they are not plain: events (written by devices, not by forms; read
// through bounded, unexact lists, reviewed and deleted by their own workflow); the live camera (a
// view is a metered stream, not a record); reports and charts (a saved setting whose point is its
// computed data and exports, their pages shaped by the report, not by a record); the device link,
// locations, drive summaries and driving scores (figures computed from what devices send); files
// (an upload checked by its bytes, its content reached only through a signed link, addressed by
// the record it belongs to); manuals (a provider-wide shelf of uploads).

import { listQuerySchema } from '../api/errors.ts';
import { caseBodySchema, caseListQuerySchema, caseSchema } from '../cases/cases.ts';
import { customerBodySchema, customerSchema } from '../customers/customers.ts';
import { deviceBodySchema, deviceListQuerySchema, deviceSchema } from '../devices/devices.ts';
import { releaseNoteBodySchema, releaseNoteSchema } from '../documents/documents.ts';
import {
  serviceAccountCreateSchema,
  serviceAccountListQuerySchema,
  serviceAccountSchema,
} from '../integrations/integrations.ts';
import {
  webhookCreateSchema,
  webhookListQuerySchema,
  webhookSchema,
  webhookUpdateSchema,
} from '../integrations/webhooks.ts';
import {
  maintenanceBodySchema,
  maintenanceItemBodySchema,
  maintenanceItemListQuerySchema,
  maintenanceItemSchema,
  maintenanceItemUpdateSchema,
  maintenanceListQuerySchema,
  maintenanceSchema,
  maintenanceUpdateSchema,
} from '../maintenance/maintenance.ts';
import { notificationBodySchema, notificationSchema } from '../notifications/notifications.ts';
import {
  operatorCreateSchema,
  operatorGroupCreateSchema,
  operatorGroupDetailSchema,
  operatorGroupListQuerySchema,
  operatorGroupSchema,
  operatorGroupUpdateSchema,
  operatorListQuerySchema,
  operatorSchema,
  operatorUpdateSchema,
} from '../operators/operators.ts';
import {
  checkTemplateBodySchema,
  checkTemplateListQuerySchema,
  checkTemplateSchema,
  checkTemplateUpdateSchema,
} from '../pre-shift-checks/pre-shift-checks.ts';
import { rfidCreateSchema, rfidListQuerySchema, rfidSchema, rfidUpdateSchema } from '../rfids/rfids.ts';
import { roleCreateSchema, roleListQuerySchema, roleSchema, roleUpdateSchema } from '../roles/roles.ts';
import {
  userCreateSchema,
  userDetailSchema,
  userListQuerySchema,
  userSchema,
  userUpdateSchema,
} from '../users/users.ts';
import {
  vehicleGroupBodySchema,
  vehicleGroupListQuerySchema,
  vehicleGroupSchema,
  vehicleGroupUpdateSchema,
} from '../vehicles/groups.ts';
import {
  manufacturerBodySchema,
  manufacturerListQuerySchema,
  manufacturerSchema,
  manufacturerUpdateSchema,
  vehicleModelBodySchema,
  vehicleModelListQuerySchema,
  vehicleModelSchema,
} from '../vehicles/masters.ts';
import {
  vehicleBodySchema,
  vehicleListQuerySchema,
  vehicleSchema,
  vehicleUpdateSchema,
} from '../vehicles/vehicles.ts';
import { zoneBodySchema, zoneListQuerySchema, zoneSchema, zoneUpdateSchema } from '../zones/zones.ts';
import { describeResource, type ResourceDescription } from './describe.ts';

// Staff shorthands, as in access/actions.ts.
const S = 'support';
const SA = 'sales';
const K = 'kitting';

export * from './describe.ts';

/** Vehicle vendors: a customer's catalogue of manufacturers. */
export const manufacturerResource = describeResource({
  path: '/manufacturers',
  record: manufacturerSchema,
  query: manufacturerListQuerySchema,
  body: manufacturerBodySchema,
  update: manufacturerUpdateSchema,
  pages: { list: 'manufacturers', new: 'manufacturerNew', edit: 'manufacturerEdit' },
  actions: { remove: [S, K, 'manufacturer:delete'] },
  audit: 'manufacturer',
  table: 'manufacturers',
  unique: { manufacturers_customer_name_key: { field: 'name', key: 'vendorNameInUse' } },
});

/** The vehicle master: a vendor's models with their specifications. */
export const vehicleModelResource = describeResource({
  path: '/vehicle-models',
  record: vehicleModelSchema,
  query: vehicleModelListQuerySchema,
  body: vehicleModelBodySchema,
  pages: { list: 'vehicleModels', new: 'vehicleModelNew', edit: 'vehicleModelEdit' },
  actions: { remove: [S, K, 'veh_mod:delete'] },
  audit: 'vehicle_model',
  table: 'vehicle_models',
  unique: { vehicle_models_manufacturer_name_key: { field: 'name', key: 'vehicleModelNameInUse' } },
});

/** A customer's groups of vehicles (created and edited in a dialog of the list). */
export const vehicleGroupResource = describeResource({
  path: '/vehicle-groups',
  record: vehicleGroupSchema,
  query: vehicleGroupListQuerySchema,
  body: vehicleGroupBodySchema,
  update: vehicleGroupUpdateSchema,
  pages: { list: 'vehicleGroups' },
  actions: { create: [S, 'group:add'], edit: [S, 'group:edit'], remove: [S, 'group:delete'] },
  audit: 'vehicle_group',
  table: 'vehicle_groups',
  unique: { vehicle_groups_customer_name_key: { field: 'name', key: 'vehicleGroupNameInUse' } },
});

/** A customer's groups of operators (created and edited in a dialog of the list). */
export const operatorGroupResource = describeResource({
  path: '/operator-groups',
  feature: 'operators',
  record: operatorGroupDetailSchema,
  item: operatorGroupSchema,
  query: operatorGroupListQuerySchema,
  body: operatorGroupCreateSchema,
  update: operatorGroupUpdateSchema,
  pages: { list: 'operatorGroups' },
  actions: { create: [S, 'op_group:add'], edit: [S, 'op_group:edit'], remove: [S, 'op_group:delete'] },
  audit: 'operator_group',
  table: 'operator_groups',
  unique: { operator_groups_customer_name_key: { field: 'name', key: 'operatorGroupNameInUse' } },
});

/** Operators (drivers, in the console's addresses). */
export const operatorResource = describeResource({
  path: '/operators',
  record: operatorSchema,
  query: operatorListQuerySchema,
  body: operatorCreateSchema,
  update: operatorUpdateSchema,
  pages: { list: 'drivers', new: 'driverNew', edit: 'driverEdit', detail: 'driverDetail' },
  actions: { remove: [S, 'operator:delete'] },
  audit: 'operator',
  table: 'operators',
  unique: { operators_customer_code_key: { field: 'operator_code', key: 'operatorIdInUse' } },
});

/** RFID cards, given to operators. */
export const rfidResource = describeResource({
  path: '/rfids',
  record: rfidSchema,
  query: rfidListQuerySchema,
  body: rfidCreateSchema,
  update: rfidUpdateSchema,
  pages: { list: 'rfids', new: 'rfidNew', edit: 'rfidEdit' },
  actions: { remove: [S, K, 'rfid:delete'] },
  audit: 'rfid',
  table: 'rfids',
  unique: { rfids_customer_rfid_key: { field: 'rfid', key: 'rfidExists' } },
});

/** The provider's customers (companies); never deleted. */
export const customerResource = describeResource({
  path: '/customers',
  record: customerSchema,
  query: listQuerySchema,
  body: customerBodySchema,
  pages: { list: 'customers', new: 'customerNew', edit: 'customerEdit' },
  audit: 'customer',
  table: 'customers',
  unique: {
    customers_stk_user_key: { field: 'stk_user', key: 'stkUserInUse' },
    customers_parent_name_key: { field: 'name', key: 'customerNameInUse' },
  },
});

/** Custom roles: a company's privileges under a name. */
export const roleResource = describeResource({
  path: '/roles',
  record: roleSchema,
  query: roleListQuerySchema,
  body: roleCreateSchema,
  update: roleUpdateSchema,
  pages: { list: 'roles', new: 'roleNew', edit: 'roleEdit' },
  // Like creating and editing a role (routes.ts roleNew, roleEdit): admin only.
  actions: { remove: ['admin'] },
  audit: 'role',
  table: 'roles',
  unique: { roles_customer_name_key: { field: 'name', key: 'roleNameInUse' } },
});

/**
 * A company's service accounts: created and revoked, never edited (a new secret or other
 * privileges is a new account). Revoking deletes it; the audit log keeps who did it and when.
 */
export const serviceAccountResource = describeResource({
  path: '/service-accounts',
  feature: 'integrations',
  record: serviceAccountSchema,
  query: serviceAccountListQuerySchema,
  body: serviceAccountCreateSchema,
  pages: { list: 'serviceAccounts', new: 'serviceAccountNew' },
  actions: { remove: [S, 'user:delete'] },
  audit: 'service_account',
  table: 'service_accounts',
  unique: { service_accounts_customer_name_key: { field: 'name', key: 'serviceAccountNameInUse' } },
});

/**
 * A company's webhooks: where the server posts what happens, signed with the webhook's secret
 * (answered once, on create). Their delivery log and "send a test" are the module's own calls.
 */
export const webhookResource = describeResource({
  path: '/webhooks',
  feature: 'integrations',
  record: webhookSchema,
  query: webhookListQuerySchema,
  body: webhookCreateSchema,
  update: webhookUpdateSchema,
  pages: { list: 'webhooks', new: 'webhookNew', edit: 'webhookEdit' },
  actions: { remove: [S, 'user:delete'] },
  audit: 'webhook',
  table: 'webhooks',
  unique: { webhooks_customer_name_key: { field: 'name', key: 'webhookNameInUse' } },
});

/** Users of the console (one user's answer carries its latest sign-ins). */
export const userResource = describeResource({
  path: '/users',
  record: userSchema,
  detail: userDetailSchema,
  query: userListQuerySchema,
  body: userCreateSchema,
  update: userUpdateSchema,
  pages: { list: 'users', new: 'userNew', edit: 'userEdit' },
  actions: { remove: [S, 'user:delete'] },
  audit: 'user',
  table: 'users',
  unique: {
    users_username_key: { field: 'username', key: 'usernameInUse' },
    users_email_key: { field: 'email', key: 'emailInUse' },
  },
});

/** Vehicles, with their vendor, model, group and specification. */
export const vehicleResource = describeResource({
  path: '/vehicles',
  record: vehicleSchema,
  query: vehicleListQuerySchema,
  body: vehicleBodySchema,
  update: vehicleUpdateSchema,
  pages: { list: 'vehicles', new: 'vehicleNew', edit: 'vehicleEdit', detail: 'vehicleDetails' },
  actions: { remove: [S, K, 'vehicle:delete'] },
  audit: 'vehicle',
  table: 'vehicles',
  unique: { vehicles_customer_name_key: { field: 'name', key: 'vehicleNameInUse' } },
});

/** Devices (the boxes in vehicles) with their cameras; saved whole by create and update alike. */
export const deviceResource = describeResource({
  path: '/devices',
  record: deviceSchema,
  query: deviceListQuerySchema,
  body: deviceBodySchema,
  pages: { list: 'devices', new: 'deviceNew', edit: 'deviceEdit', detail: 'deviceDetails' },
  actions: { remove: [S, K, 'device:delete'] },
  audit: 'device',
  table: 'devices',
  unique: {
    devices_device_id_key: { field: 'device_id', key: 'deviceIdInUse' },
    devices_vehicle_key: { field: 'vehicle_id', key: 'vehicleTaken' },
    devices_sim_key: { field: 'sim_id', key: 'simInUse' },
    device_cameras_camera_id_key: { field: 'cameras', key: 'cameraIdInUse' },
  },
});

/** Cases: kitting batches (their vehicles, devices and SIMs are the case pages' own calls). */
export const caseResource = describeResource({
  path: '/cases',
  record: caseSchema,
  query: caseListQuerySchema,
  body: caseBodySchema,
  pages: { list: 'cases', new: 'caseNew', edit: 'caseEdit', detail: 'caseDetail' },
  actions: { remove: [S, SA, K, 'case:delete'] },
  audit: 'case',
  table: 'cases',
  unique: { cases_case_number_key: { field: 'case_number', key: 'caseNumberInUse' } },
});

/** Notices: current ones at the path, expired ones at `/expired`; the editors delete from the edit page's rule. */
export const notificationResource = describeResource({
  path: '/notifications',
  record: notificationSchema,
  query: listQuerySchema,
  body: notificationBodySchema,
  pages: { list: 'notifications', new: 'notificationNew', edit: 'notificationEdit' },
  audit: 'notification',
  table: 'notifications',
});

/** The provider's release notes: read by everyone, written by admins, not audited. */
export const releaseNoteResource = describeResource({
  path: '/release-notes',
  record: releaseNoteSchema,
  query: listQuerySchema,
  body: releaseNoteBodySchema,
  pages: { list: 'releaseNotes', new: 'releaseNoteNew', edit: 'releaseNoteEdit' },
});

/** Maintenance master items: a customer's maintenance types, kept in a dialog of the masters page. */
export const maintenanceItemResource = describeResource({
  path: '/maintenance-items',
  feature: 'maintenances',
  record: maintenanceItemSchema,
  query: maintenanceItemListQuerySchema,
  body: maintenanceItemBodySchema,
  update: maintenanceItemUpdateSchema,
  pages: { list: 'maintenanceMasters' },
  actions: {
    create: [S, 'maintenance:add'],
    edit: [S, 'maintenance:edit'],
    remove: [S, 'maintenance:delete'],
  },
  audit: 'maintenance_item',
  table: 'maintenance_items',
  unique: { maintenance_items_customer_name_key: { field: 'name', key: 'maintenanceItemNameInUse' } },
});

/** Maintenance plans: an item's cycle and warning (their vehicles are the plan's own calls). */
export const maintenanceResource = describeResource({
  path: '/maintenances',
  record: maintenanceSchema,
  query: maintenanceListQuerySchema,
  body: maintenanceBodySchema,
  update: maintenanceUpdateSchema,
  pages: { list: 'maintenances', new: 'maintenanceNew', edit: 'maintenanceEdit' },
  actions: { remove: [S, 'maintenance:delete'] },
  audit: 'maintenance',
  table: 'maintenances',
});

/**
 * A customer's site safety zones: a polygon with rules, read as maps are read (the list page's
 * roles), written with the site plan's privilege resource `location`. Not audited: the zone keeps
 * who changed it last (`updated_by`).
 */
export const zoneResource = describeResource({
  path: '/zones',
  record: zoneSchema,
  query: zoneListQuerySchema,
  body: zoneBodySchema,
  update: zoneUpdateSchema,
  pages: { list: 'zones', new: 'zoneNew', edit: 'zoneEdit' },
  actions: { remove: [S, 'location:delete'] },
  audit: 'zone',
  table: 'zones',
  unique: { zones_customer_name_key: { field: 'name', key: 'zoneNameInUse' } },
});

/**
 * A customer's pre-shift checklists, one per vehicle type (docs/decisions/2026-12-07-pre-shift-checks.md):
 * kept with the maintenance privileges (who plans a vehicle's upkeep sets what its operators
 * check each day), audited (a changed checklist changes what the law's daily check covered).
 */
export const checkTemplateResource = describeResource({
  path: '/pre-shift-templates',
  feature: 'pre-shift-checks',
  record: checkTemplateSchema,
  query: checkTemplateListQuerySchema,
  body: checkTemplateBodySchema,
  update: checkTemplateUpdateSchema,
  pages: { list: 'preShiftTemplates', new: 'preShiftTemplateNew', edit: 'preShiftTemplateEdit' },
  actions: { remove: [S, 'maintenance:delete'] },
  audit: 'pre_shift_template',
  table: 'pre_shift_templates',
  unique: { pre_shift_templates_customer_type_key: { field: 'vehicle_type', key: 'checkTemplateInUse' } },
});

/** Every plain resource (the structure test and the architecture index read this list). */
export const RESOURCES = [
  manufacturerResource,
  vehicleModelResource,
  vehicleGroupResource,
  operatorGroupResource,
  operatorResource,
  rfidResource,
  customerResource,
  roleResource,
  userResource,
  serviceAccountResource,
  webhookResource,
  vehicleResource,
  deviceResource,
  caseResource,
  notificationResource,
  releaseNoteResource,
  maintenanceItemResource,
  maintenanceResource,
  zoneResource,
  checkTemplateResource,
] as const satisfies readonly ResourceDescription[];
