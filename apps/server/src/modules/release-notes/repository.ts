// Release notes in the database. They are the provider's, the same for every customer: no scope.
import type { ListQuery, ReleaseNote, ReleaseNoteBody } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import { likePattern, type Ordering, pageRows } from '../../platform/lists.ts';
import { firstRow, type StampRow, stamps } from '../../platform/rows.repository.ts';

const SELECT = `SELECT id, version, note, to_char(release_date, 'YYYY-MM-DD') AS date, created_at, updated_at
                  FROM release_notes`;

type Row = Omit<ReleaseNote, 'created_at' | 'updated_at'> & StampRow;

const toNote = (row: Row): ReleaseNote => ({ ...row, ...stamps(row) });

/** Notes of one day keep the order they were written in, whichever the key. */
const ORDER: Ordering = {
  alias: '',
  by: {
    version: ['lower(version)', 'created_at'],
    date: ['release_date', 'created_at'],
    created_at: ['created_at'],
    updated_at: ['updated_at', 'created_at'],
  },
  fallback: 'date',
  descending: true,
};

export async function listReleaseNotes(
  database: DatabaseHandle,
  query: ListQuery,
): Promise<{ list: ReleaseNote[]; total: number }> {
  const where = 'WHERE ($1::text IS NULL OR lower(version) LIKE $1 OR lower(note) LIKE $1)';
  const sql = { select: SELECT, count: 'FROM release_notes', where, order: ORDER };
  return pageRows(database, sql, [likePattern(query.filter)], query, toNote);
}

export const findReleaseNote = (database: DatabaseHandle, id: string) =>
  firstRow(database, `${SELECT} WHERE id = $1`, [id], toNote);

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
