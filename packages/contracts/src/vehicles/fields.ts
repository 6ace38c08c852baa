// Field rules shared by the vehicle registry's schemas (vendors, models, groups, vehicles).
// Each required field names its own message key (spec §5).
import { z } from 'zod';
import { listQueryOf } from '../api/errors.ts';
import { recordTimes, refSchema } from '../api/records.ts';
import { isRealDate, notNegative } from '../validation/fields.ts';

/** Upper bound of any size, weight or capacity: far above any real vehicle, below float trouble. */
export const MEASURE_MAX = 10_000_000;

export const requiredText = (key: string, max: number) => z.string(key).trim().min(1, key).max(max);
export const optionalText = (max: number) => z.string().trim().max(max).default('');
/** A number; "Enter a number" only for the wrong type, so the range keeps its own message. */
export const num = () =>
  z.number({ error: (issue) => (issue.code === 'invalid_type' ? 'validation.invalidNumber' : undefined) });
/** A size, weight or capacity: a number of at least 0, or empty (null). */
export const measure = () => notNegative(num()).max(MEASURE_MAX).nullable().default(null);
export const requiredDate = (key: string) =>
  z.string(key).trim().min(1, key).refine(isRealDate, 'validation.invalidDate');
/** A reference to a record the caller picks; `key` is the message when it is missing. */
export const requiredRef = (key: string) => z.uuid(key);
export const optionalRef = () => z.uuid('validation.invalid').nullable().default(null);

export { type Ref, refSchema } from '../api/records.ts';

/** The list filter of a customer's own records: one company (staff see several). */
export const customerFilter = { customer_id: z.uuid('validation.invalid').optional() };

/**
 * A customer's own named catalogue (vendors, vehicle groups): a name unique in its company
 * (`nameRequired` is the message when it is missing), a description, and the count of records
 * filed under it (`countField`). The record keeps its company: the update body has no customer_id.
 */
export function catalogueOf<const K extends string>(nameRequired: string, countField: K) {
  const body = z
    .object({
      customer_id: requiredRef('validation.masterCustomerRequired'),
      name: requiredText(nameRequired, 100),
      description: optionalText(1000),
    })
    .strict();
  const row = z.object({
    id: z.string(),
    customer: refSchema,
    name: z.string(),
    description: z.string(),
    ...({ [countField]: z.number().int() } as Record<K, z.ZodNumber>),
    ...recordTimes,
  });
  const orderColumns = ['name', 'customer', countField, 'updated_at'] as const;
  return {
    body,
    update: body.omit({ customer_id: true }),
    row,
    orderColumns,
    listQuery: listQueryOf(orderColumns, customerFilter),
  };
}
