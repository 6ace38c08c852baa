// Manual versions in the database: the provider's, the same for every customer.
import type { ListQuery, Manual } from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import { pageWindow } from '../../platform/lists.ts';

type Row = {
  id: string;
  version: string;
  file_name: string;
  file_key: string;
  size_bytes: string | number;
  created_by: string | null;
  created_at: Date | string;
};

const SELECT = `
  SELECT m.id, m.version, m.file_name, m.file_key, m.size_bytes, m.created_at,
         nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS created_by
    FROM manuals m LEFT JOIN users u ON u.id = m.created_by`;

const toManual = (row: Row): Manual => ({
  id: row.id,
  version: row.version,
  file_name: row.file_name,
  size: Number(row.size_bytes),
  created_by: row.created_by,
  created_at: new Date(row.created_at).toISOString(),
});

export async function listManuals(
  database: DatabaseHandle,
  query: ListQuery,
): Promise<{ list: Manual[]; total: number }> {
  const rows = await database.query<Row>(
    `${SELECT} ORDER BY m.created_at DESC, m.id LIMIT $1 OFFSET $2`,
    pageWindow(query),
  );
  const [count] = await database.query<{ total: string | number }>('SELECT count(*) AS total FROM manuals');
  return { list: rows.map(toManual), total: Number(count?.total ?? 0) };
}

export async function findManual(
  database: DatabaseHandle,
  id: string,
): Promise<{ id: string; file_key: string; file_name: string } | undefined> {
  const [row] = await database.query<{ id: string; file_key: string; file_name: string }>(
    'SELECT id, file_key, file_name FROM manuals WHERE id = $1',
    [id],
  );
  return row;
}

export async function insertManual(
  database: DatabaseHandle,
  manual: { version: string; fileName: string; size: number; objectKey: string; userId: string },
): Promise<Manual> {
  const [row] = await database.query<{ id: string }>(
    `INSERT INTO manuals (version, file_name, size_bytes, file_key, created_by)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [manual.version, manual.fileName, manual.size, manual.objectKey, manual.userId],
  );
  const [created] = await database.query<Row>(`${SELECT} WHERE m.id = $1`, [row?.id]);
  if (!created) throw new Error('manual not inserted');
  return toManual(created);
}

/** The latest version of the manual (the user menu's link), if any. */
export async function latestManual(
  database: Queryable,
): Promise<{ id: string; version: string } | undefined> {
  const [manual] = await database.query<{ id: string; version: string }>(
    'SELECT id, version FROM manuals ORDER BY created_at DESC LIMIT 1',
  );
  return manual;
}
