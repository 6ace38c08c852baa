// The runtime errors the web app reports, kept for support (POST /error-logs).
import type { errorLogBodySchema } from '@fleetlens/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';

/** Who filed the error, when the caller was signed in. */
export interface ErrorLogAuthor {
  customerId: string;
  userId: string;
}

export async function insertErrorLog(
  database: Queryable,
  author: ErrorLogAuthor | undefined,
  body: z.output<typeof errorLogBodySchema>,
): Promise<number> {
  const [row] = await database.query<{ id: string }>(
    `INSERT INTO error_logs (customer_id, user_id, error, component, info, url)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      author?.customerId ?? null,
      author?.userId ?? null,
      body.error,
      body.component ?? null,
      body.info ?? null,
      body.url ?? null,
    ],
  );
  return Number(row?.id);
}
