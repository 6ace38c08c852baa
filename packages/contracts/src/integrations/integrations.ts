// Integrations: a customer's service accounts, the machine users other systems
// sign in as with the OpenID Connect client-credentials grant of the realm (no user's password in a
// script). An account belongs to one company and carries a set of privileges, never more than its
// creator holds (access/grants.ts); its secret is shown once, in the create answer, and kept hashed.
import { z } from 'zod';
import { isPrivilege } from '../access/roles.ts';
import { companyListQuerySchema } from '../api/errors.ts';
import { namedRecordHead, recordTimes, refSchema } from '../api/records.ts';
import { textOptional, textRequired } from '../validation/fields.ts';

/** A service account's client id is this prefix and its id: the realm knows its clients by it. */
export const SERVICE_CLIENT_PREFIX = 'svc-';

export const serviceAccountCreateSchema = z
  .object({
    name: textRequired('validation.nameRequired', 100),
    description: textOptional(1000),
    customer_id: z.uuid('validation.companyRequired'),
    privileges: z
      .array(z.string().refine(isPrivilege, 'validation.privilege'))
      .min(1, 'validation.privilegesRequired')
      .max(200)
      .transform((list) => [...new Set(list)].sort()),
  })
  .strict();
export type ServiceAccountCreateBody = z.input<typeof serviceAccountCreateSchema>;

export const serviceAccountListQuerySchema = companyListQuerySchema;

export const serviceAccountSchema = z.object({
  ...namedRecordHead,
  privileges: z.array(z.string()),
  /** The OpenID client id the account signs in with (`svc-<id>`). */
  client_id: z.string(),
  /** Who created it: the account acts on their behalf and stops when they can no longer sign in. */
  created_by: refSchema,
  /** Only in the create answer: the client secret, shown this once and stored hashed. */
  client_secret: z.string().optional(),
  ...recordTimes,
});
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;
