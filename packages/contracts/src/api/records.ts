// The pieces the record answers share, so that each row schema is only its own fields.
import { z } from 'zod';

/** Another record as a row names it: its id and its name. */
export const refSchema = z.object({ id: z.string(), name: z.string() });
export type Ref = z.infer<typeof refSchema>;

/** When a record was created and last changed (server time strings); the last two fields of a row. */
export const recordTimes = { created_at: z.string(), updated_at: z.string() };

/** The opening fields of a company's named record: its id, name, description and company. */
export const namedRecordHead = {
  id: z.string(),
  name: z.string(),
  description: z.string(),
  customer: refSchema,
};
