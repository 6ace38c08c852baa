// Vehicle groups (domain spec §3 "Group": name, description), owned by a customer. Names are
// unique within a customer; a group that has vehicles cannot be deleted (spec §8).
import type { z } from 'zod';
import { catalogueOf } from './fields.ts';

/** A group keeps its company (its vehicles and devices belong there): the update has no customer_id. */
export const {
  body: vehicleGroupBodySchema,
  update: vehicleGroupUpdateSchema,
  row: vehicleGroupSchema,
  orderColumns: VEHICLE_GROUP_ORDER_COLUMNS,
  listQuery: vehicleGroupListQuerySchema,
} = catalogueOf('validation.vehicleGroupNameRequired', 'vehicle_count');
export type VehicleGroupBody = z.input<typeof vehicleGroupBodySchema>;
export type VehicleGroupUpdate = z.input<typeof vehicleGroupUpdateSchema>;
export type VehicleGroup = z.infer<typeof vehicleGroupSchema>;
export type VehicleGroupListQuery = z.infer<typeof vehicleGroupListQuerySchema>;
