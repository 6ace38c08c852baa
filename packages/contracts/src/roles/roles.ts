// Custom roles (domain spec §3 "Role", console spec §6): a named set of privileges
// {resource}:{add|edit|delete|view}, owned by one company. Users of that company may hold it.
import { z } from 'zod';
import { isPrivilege } from '../access/roles.ts';
import { companyListQuerySchema } from '../api/errors.ts';
import { namedRecordHead, recordTimes } from '../api/records.ts';
import { textOptional, textRequired } from '../validation/fields.ts';

const privilegesField = z
  .array(z.string().refine(isPrivilege, 'validation.privilege'))
  .max(200)
  .transform((list) => [...new Set(list)].sort());

export const roleCreateSchema = z
  .object({
    name: textRequired('validation.nameRequired', 100),
    description: textOptional(1000),
    customer_id: z.uuid('validation.companyRequired'),
    privileges: privilegesField.default([]),
  })
  .strict();
/** The company of a role does not change: its users belong to that company. */
export const roleUpdateSchema = roleCreateSchema.omit({ customer_id: true });
export type RoleCreateBody = z.input<typeof roleCreateSchema>;
export type RoleUpdateBody = z.input<typeof roleUpdateSchema>;

export const roleListQuerySchema = companyListQuerySchema;

export const roleSchema = z.object({
  ...namedRecordHead,
  privileges: z.array(z.string()),
  user_count: z.number().int(),
  ...recordTimes,
});
export type Role = z.infer<typeof roleSchema>;
