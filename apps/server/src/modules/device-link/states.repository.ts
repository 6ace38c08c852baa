// The device link's states as other modules list them, in SQL: the state a vehicle or device
// row carries, the list filter on it (contracts device-link/states.ts: running and stopping are
// states of online devices; a device that never reported counts as offline), and a vehicle's
// state history (migration 0012).
import { type LinkState, STATE_HISTORY_MAX, type StateChange, type StateHistory } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** SQL: the LinkState of the device_states row aliased `s`, null when there is none. */
export const linkStateJson = (s: string) =>
  `CASE WHEN ${s}.device_pk IS NULL THEN NULL ELSE json_build_object(
     'online', ${s}.online, 'connection_changed_at', ${iso(`${s}.connection_changed_at`)},
     'motion', ${s}.motion, 'motion_changed_at', ${iso(`${s}.motion_changed_at`)}) END`;

/** SQL: `expr` over the state row `s` of the device fitted to the vehicle aliased `v` (one at most). */
const fittedState = (v: string, expr: string) =>
  `(SELECT ${expr} FROM devices d JOIN device_states s ON s.device_pk = d.id AND s.customer_id = d.customer_id
     WHERE d.vehicle_id = ${v}.id AND d.customer_id = ${v}.customer_id)`;

/** SQL: the LinkState of the vehicle aliased `v` (its device's), null without a device or a report. */
export const vehicleLinkStateJson = (v: string) => fittedState(v, linkStateJson('s'));

/**
 * SQL: the vehicle's displayed state as a number to sort by (contracts displayedState): running 0,
 * stopping 1, offline 2, never reported or without a device 3.
 */
export const vehicleLinkStateRank = (v: string) =>
  `coalesce(${fittedState(v, "CASE WHEN NOT s.online THEN 2 WHEN s.motion = 'running' THEN 0 ELSE 1 END")}, 3)`;

/** Parses the column built by linkStateJson (PGlite answers json as text, pg as objects). */
export const parseLinkState = (value: unknown): LinkState | null =>
  value === null || value === undefined
    ? null
    : ((typeof value === 'string' ? JSON.parse(value) : value) as LinkState);

/** SQL: whether the device_states row aliased `s` (possibly missing) is in the state `$n` names (or `$n` is null). */
export const linkStateMatches = (s: string, n: number) => {
  const online = `coalesce(${s}.online, false)`;
  return `($${n}::text IS NULL OR CASE $${n}::text
      WHEN 'online' THEN ${online}
      WHEN 'offline' THEN NOT ${online}
      WHEN 'running' THEN ${online} AND coalesce(${s}.motion = 'running', false)
      ELSE ${online} AND coalesce(${s}.motion <> 'running', true) END)`;
};

/**
 * A vehicle's changes of connection and motion within [start, end), whichever device reported
 * them while fitted to it, with the states that held at start (the last change of each kind
 * before it). Equal states in a row (two writers racing, a late report) are folded into the first.
 */
export async function vehicleStateHistory(
  db: Queryable,
  vehicleId: string,
  start: Date,
  end: Date,
): Promise<StateHistory> {
  const lastBefore = (kind: StateChange['kind']) =>
    `(SELECT id, time, kind, state, device_pk FROM device_state_changes
       WHERE vehicle_id = $1 AND kind = '${kind}' AND time < $2 ORDER BY time DESC, id DESC LIMIT 1)`;
  const rows = await db.query<StateChange & { before: boolean }>(
    `WITH period AS (
       SELECT id, time, kind, state, device_pk FROM device_state_changes
        WHERE vehicle_id = $1 AND time >= $2 AND time < $3
       UNION ALL ${lastBefore('connection')}
       UNION ALL ${lastBefore('motion')}
     ), folded AS (
       SELECT *, lag(state) OVER (PARTITION BY kind ORDER BY time, id) AS previous FROM period
     )
     SELECT ${iso('f.time')} AS time, f.kind, f.state, d.device_id, f.time < $2 AS before
       FROM folded f JOIN devices d ON d.id = f.device_pk
      WHERE f.time < $2 OR f.previous IS DISTINCT FROM f.state
      ORDER BY f.time, f.id LIMIT $4`,
    [vehicleId, start.toISOString(), end.toISOString(), STATE_HISTORY_MAX + 3],
  );
  const before = rows.filter((r) => r.before);
  const changes = rows.filter((r) => !r.before).map(({ before: _, ...change }) => change);
  const stateOf = (kind: StateChange['kind']) => before.find((r) => r.kind === kind)?.state ?? null;
  return {
    vehicle_id: vehicleId,
    start: start.toISOString(),
    end: end.toISOString(),
    at_start: {
      connection: stateOf('connection') as StateHistory['at_start']['connection'],
      motion: stateOf('motion') as StateHistory['at_start']['motion'],
    },
    changes: changes.slice(0, STATE_HISTORY_MAX),
    truncated: changes.length > STATE_HISTORY_MAX,
  };
}
