// Customers' files in the database. Every read and write takes the caller's scope (the access
// object, or EVERY_CUSTOMER behind a signed link) and applies it in SQL.
import type { FileFormat, FileRecord, ListQuery } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { likePattern, type Ordering, pageRows } from '../../platform/lists.ts';
import { findInScope, insertRow, type OwnedRow, owned } from '../../platform/rows.repository.ts';

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
  name: string;
  description: string;
  file_name: string;
  format: FileFormat;
  size_bytes: string | number;
  object_key: string;
  user_id: string | null;
  user_full_name: string | null;
  user_username: string | null;
} & OwnedRow;

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
    user: row.user_id ? { id: row.user_id, name: row.user_full_name ?? row.user_username ?? '' } : null,
    ...owned(row),
    object_key: row.object_key,
  };
}

const ORDER: Ordering = {
  alias: 'f',
  text: ['name', 'file_name'],
  plain: ['created_at', 'updated_at'],
  by: { size: 'f.size_bytes' },
  fallback: 'updated_at',
  descending: true,
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
  const listed = (row: Row): FileRecord => {
    const { object_key: _key, ...file } = toFile(row);
    return file;
  };
  const sql = { select: SELECT, count: 'FROM files f', where, order: ORDER };
  return pageRows(database, sql, params, query, listed);
}

export const findFile = (database: DatabaseHandle, scope: Scoped, id: string) =>
  findInScope(database, scope, SELECT, { id: 'f.id', customer: 'f.customer_id' }, id, toFile);

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

export const insertFile = (database: DatabaseHandle, file: NewFile) =>
  insertRow(database, 'files', {
    customer_id: file.customerId,
    user_id: file.userId,
    name: file.name,
    description: file.description,
    file_name: file.fileName,
    format: file.format,
    size_bytes: file.size,
    object_key: file.objectKey,
  });

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
