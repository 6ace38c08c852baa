// Customers' files in the database. Every read and write takes the caller's scope (the access
// object, or EVERY_CUSTOMER behind a signed link) and applies it in SQL.
import type { FileFormat, FileRecord, ListQuery } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { likePattern, pageWindow } from '../../platform/lists.ts';

const SELECT = `
  SELECT f.id, f.customer_id, c.name AS customer_name, f.name, f.description, f.file_name, f.format,
         f.size_bytes, f.object_key, f.user_id, f.created_at, f.updated_at,
         nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS user_full_name,
         u.username AS user_username
    FROM files f
    JOIN customers c ON c.id = f.customer_id
    LEFT JOIN users u ON u.id = f.user_id`;

type Row = {
  id: string;
  customer_id: string;
  customer_name: string;
  name: string;
  description: string;
  file_name: string;
  format: FileFormat;
  size_bytes: string | number;
  object_key: string;
  user_id: string | null;
  user_full_name: string | null;
  user_username: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

export type StoredFile = FileRecord & { object_key: string };

function toFile(row: Row): StoredFile {
  return {
    id: row.id,
    type: 'customer',
    type_id: row.customer_id,
    name: row.name,
    description: row.description,
    file_name: row.file_name,
    format: row.format,
    size: Number(row.size_bytes),
    customer: { id: row.customer_id, name: row.customer_name },
    user: row.user_id ? { id: row.user_id, name: row.user_full_name ?? row.user_username ?? '' } : null,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    object_key: row.object_key,
  };
}

const ORDER: Record<string, string> = {
  name: 'lower(f.name)',
  file_name: 'lower(f.file_name)',
  size: 'f.size_bytes',
  created_at: 'f.created_at',
  updated_at: 'f.updated_at',
};

export async function listFiles(
  database: DatabaseHandle,
  scope: Scoped,
  query: ListQuery & { customer_id?: string },
): Promise<{ list: FileRecord[]; total: number }> {
  const where = `WHERE ${scope.inScope('f.customer_id', 1)}
      AND ($2::text IS NULL OR lower(f.name) LIKE $2 OR lower(f.description) LIKE $2 OR lower(f.file_name) LIKE $2)
      AND ($3::uuid IS NULL OR f.customer_id = $3)`;
  const params = [scope.customerIds, likePattern(query.filter), query.customer_id ?? null];
  const order = ORDER[query.order_by ?? ''] ?? 'f.updated_at';
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const rows = await database.query<Row>(
    `${SELECT} ${where} ORDER BY ${order} ${direction}, f.id LIMIT $4 OFFSET $5`,
    [...params, ...pageWindow(query)],
  );
  const [count] = await database.query<{ total: string | number }>(
    `SELECT count(*) AS total FROM files f ${where}`,
    params,
  );
  return {
    list: rows.map((r) => toFile(r)).map(({ object_key: _key, ...file }) => file),
    total: Number(count?.total ?? 0),
  };
}

export async function findFile(
  database: DatabaseHandle,
  scope: Scoped,
  id: string,
): Promise<StoredFile | undefined> {
  const [row] = await database.query<Row>(
    `${SELECT} WHERE f.id = $1 AND ${scope.inScope('f.customer_id', 2)}`,
    [id, scope.customerIds],
  );
  return row ? toFile(row) : undefined;
}

export interface NewFile {
  customerId: string;
  userId: string;
  name: string;
  description: string;
  fileName: string;
  format: FileFormat;
  size: number;
  objectKey: string;
}

export async function insertFile(database: DatabaseHandle, file: NewFile): Promise<string> {
  const [row] = await database.query<{ id: string }>(
    `INSERT INTO files (customer_id, user_id, name, description, file_name, format, size_bytes, object_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      file.customerId,
      file.userId,
      file.name,
      file.description,
      file.fileName,
      file.format,
      file.size,
      file.objectKey,
    ],
  );
  if (!row) throw new Error('file not inserted');
  return row.id;
}

/** Changes the facts and, with new content, the stored object; answers the key it replaced. */
export async function updateFile(
  database: DatabaseHandle,
  scope: Scoped,
  id: string,
  change: {
    userId: string;
    name: string;
    description: string;
    content?: Omit<NewFile, 'customerId' | 'userId' | 'name' | 'description'>;
  },
): Promise<{ previousKey: string } | undefined> {
  return database.transaction(async (tx) => {
    const [current] = await tx.query<{ object_key: string }>(
      `SELECT object_key FROM files WHERE id = $1 AND ${scope.inScope('customer_id', 2)} FOR UPDATE`,
      [id, scope.customerIds],
    );
    if (!current) return undefined;
    const content = change.content;
    await tx.query(
      `UPDATE files SET name = $2, description = $3, user_id = $4, updated_at = now(),
              file_name = coalesce($5, file_name), format = coalesce($6, format),
              size_bytes = coalesce($7, size_bytes), object_key = coalesce($8, object_key)
        WHERE id = $1`,
      [
        id,
        change.name,
        change.description,
        change.userId,
        content?.fileName ?? null,
        content?.format ?? null,
        content?.size ?? null,
        content?.objectKey ?? null,
      ],
    );
    return { previousKey: current.object_key };
  });
}
