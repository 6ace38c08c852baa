// The dashboard's charts in the database (0038_dashboard_charts.sql), and what the charts count
// beside the drive summaries: which vehicles and operators a chart covers, the vehicles' states now
// and their state history (idle time). Every read takes the caller's scope; a chart is read only by
// its author when private.
import type { Chart, ChartInput, ChartPeriodBody } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { iso, type OwnedRow, owned } from '../../platform/rows.repository.ts';

type ChartRow = Omit<
  Chart,
  'customer' | 'owner' | 'created_at' | 'updated_at' | 'range_start' | 'range_end'
> &
  OwnedRow & { owner_id: string; owner_name: string; range_start: string | null; range_end: string | null };

const SELECT = `SELECT c.id, c.customer_id, cu.name AS customer_name, c.owner_id, u.username AS owner_name,
       c.name, c.private, c.template, c.width, c.period,
       to_char(c.range_start, 'YYYY-MM-DD') AS range_start, to_char(c.range_end, 'YYYY-MM-DD') AS range_end,
       c.operator_ids::text[] AS operator_ids, c.vehicle_ids::text[] AS vehicle_ids, c.group_ids::text[] AS group_ids,
       c.name_prefix, c.name_suffix, c.realtime, c.batch_change, c.position, c.created_at, c.updated_at
  FROM charts c
  JOIN customers cu ON cu.id = c.customer_id
  JOIN users u ON u.id = c.owner_id`;

const toChart = ({
  owner_id,
  owner_name,
  customer_id,
  customer_name,
  created_at,
  updated_at,
  ...row
}: ChartRow): Chart => ({
  ...row,
  position: Number(row.position),
  owner: { id: owner_id, name: owner_name },
  ...owned({ customer_id, customer_name, created_at, updated_at }),
});

/** Whom a dashboard is for: its reader and the company whose dashboard it is. */
export interface Reader {
  userId: string;
  customerId: string;
}

/** The charts of a reader's dashboard, in order: the company's shared ones and the reader's own. */
export async function dashboardCharts(db: Queryable, reader: Reader): Promise<Chart[]> {
  const rows = await db.query<ChartRow>(
    `${SELECT} WHERE c.customer_id = $1 AND (NOT c.private OR c.owner_id = $2)
      ORDER BY c.position, c.created_at, c.id`,
    [reader.customerId, reader.userId],
  );
  return rows.map(toChart);
}

/** One chart the caller sees: in their scope, and theirs if private. */
export async function findChart(
  db: Queryable,
  scope: Scoped,
  userId: string,
  id: string,
): Promise<Chart | undefined> {
  const [row] = await db.query<ChartRow>(
    `${SELECT} WHERE c.id = $2 AND ${scope.inScope('c.customer_id', 1)} AND (NOT c.private OR c.owner_id = $3)`,
    [scope.customerIds, id, userId],
  );
  return row ? toChart(row) : undefined;
}

const WRITTEN = [
  'name',
  'private',
  'template',
  'width',
  'period',
  'range_start',
  'range_end',
  'operator_ids',
  'vehicle_ids',
  'group_ids',
  'name_prefix',
  'name_suffix',
  'realtime',
  'batch_change',
] as const satisfies readonly (keyof ChartInput)[];

const valuesOf = (input: ChartInput) => WRITTEN.map((column) => input[column]);

/** Adds charts at the end of the company's dashboard, in the order given; answers their ids. */
export async function insertCharts(db: Queryable, reader: Reader, inputs: ChartInput[]): Promise<string[]> {
  const ids: string[] = [];
  for (const input of inputs) {
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO charts (customer_id, owner_id, ${WRITTEN.join(', ')}, position)
       VALUES ($1, $2, ${WRITTEN.map((_, i) => `$${i + 3}`).join(', ')},
               (SELECT coalesce(max(position) + 1, 0) FROM charts WHERE customer_id = $1))
       RETURNING id`,
      [reader.customerId, reader.userId, ...valuesOf(input)],
    );
    if (row) ids.push(row.id);
  }
  return ids;
}

/** A chart by its key: its company, then its id. */
export type ChartKey = { customerId: string; id: string };

export async function updateChart(db: Queryable, key: ChartKey, input: ChartInput): Promise<void> {
  await db.query(
    `UPDATE charts SET ${WRITTEN.map((column, i) => `${column} = $${i + 3}`).join(', ')}, updated_at = now()
      WHERE customer_id = $1 AND id = $2`,
    [key.customerId, key.id, ...valuesOf(input)],
  );
}

export async function deleteChart(db: Queryable, key: ChartKey): Promise<void> {
  await db.query('DELETE FROM charts WHERE customer_id = $1 AND id = $2', [key.customerId, key.id]);
}

/** Batch period change: every chart of the reader's dashboard that follows it; answers how many. */
export async function setDashboardPeriod(db: Queryable, reader: Reader, body: Required<ChartPeriodBody>) {
  const rows = await db.query(
    `UPDATE charts SET period = $3, range_start = $4, range_end = $5, updated_at = now()
      WHERE customer_id = $1 AND (NOT private OR owner_id = $2) AND batch_change RETURNING id`,
    [reader.customerId, reader.userId, body.period, body.range_start, body.range_end],
  );
  return rows.length;
}

/** Sets the dashboard's order: the ids' positions 0, 1, 2… (ids the dashboard shows, checked by the service). */
export async function setPositions(db: Queryable, reader: Reader, ids: string[]): Promise<void> {
  await db.query(
    `UPDATE charts c SET position = o.n - 1
       FROM unnest($2::uuid[]) WITH ORDINALITY AS o(id, n)
      WHERE c.id = o.id AND c.customer_id = $1`,
    [reader.customerId, ids],
  );
}

/** Holds the reader's row until the transaction ends, so two first visits make one default set. */
export async function lockReader(db: Queryable, reader: Reader): Promise<void> {
  await db.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [reader.userId]);
}

/** A vehicle or an operator a chart counts, with its name. */
export interface Named {
  id: string;
  name: string;
  customer_id: string;
}

/** What a chart names: operators, vehicles, and vehicle groups (their vehicles). */
export interface Selection {
  operator_ids: string[];
  vehicle_ids: string[];
  group_ids: string[];
}

/** The vehicles a chart covers in the caller's scope: those named or in a named group, else all. */
export async function chartVehicles(db: Queryable, scope: Scoped, s: Selection): Promise<Named[]> {
  const all = s.vehicle_ids.length === 0 && s.group_ids.length === 0;
  return db.query<Named>(
    `SELECT v.id, v.name, v.customer_id FROM vehicles v
      WHERE ${scope.inScope('v.customer_id', 1)}
        AND ($2::boolean OR v.id = ANY($3::uuid[]) OR v.group_id = ANY($4::uuid[]))
      ORDER BY v.name, v.id`,
    [scope.customerIds, all, s.vehicle_ids, s.group_ids],
  );
}

/** The operators a chart covers in the caller's scope: those named, else all. */
export async function chartOperators(db: Queryable, scope: Scoped, operatorIds: string[]): Promise<Named[]> {
  return db.query<Named>(
    `SELECT o.id, o.first_name || ' ' || o.last_name AS name, o.customer_id FROM operators o
      WHERE ${scope.inScope('o.customer_id', 1)} AND (cardinality($2::uuid[]) = 0 OR o.id = ANY($2::uuid[]))
      ORDER BY o.last_name, o.first_name, o.id`,
    [scope.customerIds, operatorIds],
  );
}

/** How many of the vehicles are online now, offline, or have no device that reported. */
export async function vehicleStatesNow(db: Queryable, scope: Scoped, vehicleIds: string[]) {
  const [row] = await db.query<{ online: number; offline: number; none: number }>(
    `SELECT count(*) FILTER (WHERE s.online)::int AS online,
            count(*) FILTER (WHERE s.device_pk IS NOT NULL AND NOT s.online)::int AS offline,
            count(*) FILTER (WHERE s.device_pk IS NULL)::int AS none
       FROM vehicles v
       LEFT JOIN LATERAL (
         SELECT ds.device_pk, ds.online FROM devices d
           JOIN device_states ds ON ds.device_pk = d.id AND ds.customer_id = v.customer_id
          WHERE d.vehicle_id = v.id AND d.customer_id = v.customer_id
          ORDER BY ds.online DESC LIMIT 1) s ON true
      WHERE ${scope.inScope('v.customer_id', 1)} AND v.id = ANY($2::uuid[])`,
    [scope.customerIds, vehicleIds],
  );
  return {
    online: Number(row?.online ?? 0),
    offline: Number(row?.offline ?? 0),
    none: Number(row?.none ?? 0),
  };
}

export interface StateChange {
  vehicle_id: string;
  kind: 'connection' | 'motion';
  state: 'online' | 'offline' | 'running' | 'stopping';
  time: string;
}

/**
 * The vehicles' connection and motion changes within [start, end), each kind's last one before
 * start leading (the state the period begins in), ordered by vehicle and time.
 */
export async function stateChanges(
  db: Queryable,
  scope: Scoped,
  vehicleIds: string[],
  start: string,
  end: string,
): Promise<StateChange[]> {
  const rows = await db.query<StateChange & { time: Date | string }>(
    `SELECT vehicle_id, kind, state, time FROM (
       SELECT DISTINCT ON (c.vehicle_id, c.kind) c.vehicle_id, c.kind, c.state, c.time, c.id
         FROM device_state_changes c
        WHERE c.vehicle_id = ANY($2::uuid[]) AND ${scope.inScope('c.customer_id', 1)} AND c.time < $3
        ORDER BY c.vehicle_id, c.kind, c.time DESC, c.id DESC) before_start
     UNION ALL
     SELECT c.vehicle_id, c.kind, c.state, c.time FROM device_state_changes c
      WHERE c.vehicle_id = ANY($2::uuid[]) AND ${scope.inScope('c.customer_id', 1)}
        AND c.time >= $3 AND c.time < $4
     ORDER BY 1, 4`,
    [scope.customerIds, vehicleIds, start, end],
  );
  return rows.map((r) => ({ ...r, time: iso(r.time) ?? '' }));
}

/** Whether every id names a row of `table` the caller sees. */
export async function allSeen(
  db: Queryable,
  scope: Scoped,
  table: 'operators' | 'vehicles' | 'vehicle_groups',
  ids: string[],
): Promise<boolean> {
  if (ids.length === 0) return true;
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} t WHERE t.id = ANY($2::uuid[]) AND ${scope.inScope('t.customer_id', 1)}`,
    [scope.customerIds, ids],
  );
  return Number(row?.n ?? 0) === new Set(ids).size;
}
