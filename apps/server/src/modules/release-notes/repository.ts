// Release notes in the database. They are the provider's, the same for every customer: no scope.
import type { ListQuery, ReleaseNote, ReleaseNoteBody } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import { likePattern, pageWindow } from '../../platform/lists.ts';

const SELECT = `SELECT id, version, note, to_char(release_date, 'YYYY-MM-DD') AS date, created_at, updated_at
                  FROM release_notes`;

type Row = Omit<ReleaseNote, 'created_at' | 'updated_at'> & {
  created_at: Date | string;
  updated_at: Date | string;
};

const toNote = (row: Row): ReleaseNote => ({
  ...row,
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

const ORDER: Record<string, string> = {
  version: 'lower(version)',
  date: 'release_date',
  created_at: 'created_at',
  updated_at: 'updated_at',
};

export async function listReleaseNotes(
  database: DatabaseHandle,
  query: ListQuery,
): Promise<{ list: ReleaseNote[]; total: number }> {
  const where = 'WHERE ($1::text IS NULL OR lower(version) LIKE $1 OR lower(note) LIKE $1)';
  const order = ORDER[query.order_by ?? ''] ?? 'release_date';
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const filter = likePattern(query.filter);
  const rows = await database.query<Row>(
    `${SELECT} ${where} ORDER BY ${order} ${direction}, created_at ${direction}, id LIMIT $2 OFFSET $3`,
    [filter, ...pageWindow(query)],
  );
  const [count] = await database.query<{ total: string | number }>(
    `SELECT count(*) AS total FROM release_notes ${where}`,
    [filter],
  );
  return { list: rows.map(toNote), total: Number(count?.total ?? 0) };
}

export async function findReleaseNote(
  database: DatabaseHandle,
  id: string,
): Promise<ReleaseNote | undefined> {
  const [row] = await database.query<Row>(`${SELECT} WHERE id = $1`, [id]);
  return row ? toNote(row) : undefined;
}

/** The current version: the latest note by date (the later written one on the same date). */
export async function currentVersion(database: DatabaseHandle): Promise<string | null> {
  const [row] = await database.query<{ version: string }>(
    'SELECT version FROM release_notes ORDER BY release_date DESC, created_at DESC LIMIT 1',
  );
  return row?.version ?? null;
}

type Body = Required<ReleaseNoteBody>;

export async function insertReleaseNote(
  database: DatabaseHandle,
  body: Body,
  userId: string,
): Promise<string> {
  const [row] = await database.query<{ id: string }>(
    'INSERT INTO release_notes (version, note, release_date, created_by) VALUES ($1, $2, $3::date, $4) RETURNING id',
    [body.version, body.note, body.date, userId],
  );
  if (!row) throw new Error('release note not inserted');
  return row.id;
}

export async function updateReleaseNote(database: DatabaseHandle, id: string, body: Body): Promise<boolean> {
  const rows = await database.query<{ id: string }>(
    `UPDATE release_notes SET version = $2, note = $3, release_date = $4::date, updated_at = now()
      WHERE id = $1 RETURNING id`,
    [id, body.version, body.note, body.date],
  );
  return rows.length > 0;
}
