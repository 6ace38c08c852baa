// Field rules shared by the vehicle registry's schemas (vendors, models, groups, vehicles).
// Each required field names its own message key (spec §5).
import { z } from 'zod';
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

export const refSchema = z.object({ id: z.string(), name: z.string() });
export type Ref = z.infer<typeof refSchema>;
