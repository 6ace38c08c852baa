// Vehicle groups (domain spec §3 "Group": name, description), owned by a customer. Names are
// unique within a customer; a group that has vehicles cannot be deleted (spec §8).
import { z } from 'zod';
import { listQuerySchema } from '../api/errors.ts';
import { optionalText, refSchema, requiredRef, requiredText } from './fields.ts';

export const vehicleGroupBodySchema = z
  .object({
    customer_id: requiredRef('validation.masterCustomerRequired'),
    name: requiredText('validation.vehicleGroupNameRequired', 100),
    description: optionalText(1000),
  })
  .strict();
export type VehicleGroupBody = z.input<typeof vehicleGroupBodySchema>;

/** A group keeps its company (its vehicles and devices belong there). */
export const vehicleGroupUpdateSchema = vehicleGroupBodySchema.omit({ customer_id: true });
export type VehicleGroupUpdate = z.input<typeof vehicleGroupUpdateSchema>;

export const vehicleGroupSchema = z.object({
  id: z.string(),
  customer: refSchema,
  name: z.string(),
  description: z.string(),
  vehicle_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VehicleGroup = z.infer<typeof vehicleGroupSchema>;

export const VEHICLE_GROUP_ORDER_COLUMNS = ['name', 'customer', 'vehicle_count', 'updated_at'] as const;
export const vehicleGroupListQuerySchema = listQuerySchema.extend({
  order_by: z.enum(VEHICLE_GROUP_ORDER_COLUMNS, 'validation.orderBy').optional(),
  customer_id: z.uuid('validation.invalid').optional(),
});
export type VehicleGroupListQuery = z.infer<typeof vehicleGroupListQuerySchema>;
