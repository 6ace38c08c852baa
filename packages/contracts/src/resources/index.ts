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
// locations, drive summaries and driving scores (figures computed from what devices send).

import {
  operatorGroupCreateSchema,
  operatorGroupDetailSchema,
  operatorGroupListQuerySchema,
  operatorGroupSchema,
  operatorGroupUpdateSchema,
} from '../operators/operators.ts';
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
import { describeResource, type ResourceDescription } from './describe.ts';

export * from './describe.ts';

/** Vehicle vendors: a customer's catalogue of manufacturers. */
export const manufacturerResource = describeResource({
  path: '/manufacturers',
  record: manufacturerSchema,
  query: manufacturerListQuerySchema,
  body: manufacturerBodySchema,
  update: manufacturerUpdateSchema,
  pages: { list: 'manufacturers', new: 'manufacturerNew', edit: 'manufacturerEdit' },
  actions: { remove: 'manufacturerDelete' },
  audit: 'manufacturer',
});

/** The vehicle master: a vendor's models with their specifications. */
export const vehicleModelResource = describeResource({
  path: '/vehicle-models',
  record: vehicleModelSchema,
  query: vehicleModelListQuerySchema,
  body: vehicleModelBodySchema,
  pages: { list: 'vehicleModels', new: 'vehicleModelNew', edit: 'vehicleModelEdit' },
  actions: { remove: 'vehicleModelDelete' },
  audit: 'vehicle_model',
});

/** A customer's groups of vehicles (created and edited in a dialog of the list). */
export const vehicleGroupResource = describeResource({
  path: '/vehicle-groups',
  record: vehicleGroupSchema,
  query: vehicleGroupListQuerySchema,
  body: vehicleGroupBodySchema,
  update: vehicleGroupUpdateSchema,
  pages: { list: 'vehicleGroups' },
  actions: { create: 'vehicleGroupAdd', edit: 'vehicleGroupEdit', remove: 'vehicleGroupDelete' },
  audit: 'vehicle_group',
});

/** A customer's groups of operators (created and edited in a dialog of the list). */
export const operatorGroupResource = describeResource({
  path: '/operator-groups',
  record: operatorGroupDetailSchema,
  item: operatorGroupSchema,
  query: operatorGroupListQuerySchema,
  body: operatorGroupCreateSchema,
  update: operatorGroupUpdateSchema,
  pages: { list: 'operatorGroups' },
  actions: { create: 'operatorGroupAdd', edit: 'operatorGroupEdit', remove: 'operatorGroupDelete' },
  audit: 'operator_group',
});

/** Every plain resource (the structure test and the architecture index read this list). */
export const RESOURCES: readonly ResourceDescription[] = [
  manufacturerResource,
  vehicleModelResource,
  vehicleGroupResource,
  operatorGroupResource,
];
