// Vehicle groups (domain spec §3 "Group": name, description), owned by a customer. Names are
// unique within a customer; a group that has vehicles cannot be deleted (spec §8).
// Beyond the spec, a group carries its vehicles' impact lock-out level (lockouts/lockouts.ts).
import { z } from 'zod';
import { lockoutLevelSchema } from '../lockouts/lockouts.ts';
import { catalogueOf } from './fields.ts';

const catalogue = catalogueOf('validation.vehicleGroupNameRequired', 'vehicle_count');
const lockout = { lockout_impact_g: lockoutLevelSchema };

/** A group keeps its company (its vehicles and devices belong there): the update has no customer_id. */
export const vehicleGroupBodySchema = catalogue.body.extend(lockout);
export const vehicleGroupUpdateSchema = catalogue.update.extend(lockout);
export const vehicleGroupSchema = catalogue.row.extend({ lockout_impact_g: z.number().nullable() });
export const { orderColumns: VEHICLE_GROUP_ORDER_COLUMNS, listQuery: vehicleGroupListQuerySchema } =
  catalogue;
export type VehicleGroupBody = z.input<typeof vehicleGroupBodySchema>;
export type VehicleGroupUpdate = z.input<typeof vehicleGroupUpdateSchema>;
export type VehicleGroup = z.infer<typeof vehicleGroupSchema>;
export type VehicleGroupListQuery = z.infer<typeof vehicleGroupListQuerySchema>;
