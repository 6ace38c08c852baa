// npm run bench:ota [-- --devices 10000 --rate 1000 --minutes 3 --reports 5000 --batch 200]
// Not a test: a firmware rollout to `devices` simulated devices (issue 30, point 6), on the
// product's own parts in one process: the server on an embedded PGlite database (never the
// machine's PostgreSQL), local-disk object storage, the rollout job and the ingestion's SQL.
// - create: the POST that judges every device of the group and writes the rollout with one row per
//   device (goal ≤ 2 s);
// - notified per minute: the rollout job run every ROLLOUT_TICK_SECONDS of a simulated clock (the
//   job reads only the database and the `now` it is given, so a minute of its clock is a minute of
//   its decisions), counted per minute from the rows' notified_at, beside the rate set; the wall
//   time of each run says how far above the rate it could go;
// - status reports ingested per second: firmware steps answered on the devices' commands, stored
//   with the ingestion's statements (applyFirmwareAcks, in batches of `batch` in one transaction
//   as the ingestion commits them) and moved onto the rollout's rows (applyAnswers), as after a
//   committed batch; MQTT itself is not in this figure (bench:ingest measures the link);
// - cancel: the wall time of the cancel call, after which the job starts no device (checked by a
//   run that notifies none).
// The raw SQL counts are printed beside the figures.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { utcToLocal } from '@fleetlens/contracts';
import { loadConfig } from '../apps/server/src/config.ts';
import { applyFirmwareAcks } from '../apps/server/src/modules/device-link/repository.ts';
import { ROLLOUT_TICK_SECONDS } from '../apps/server/src/modules/firmware/constants.ts';
import { rolloutJob } from '../apps/server/src/modules/firmware/rolloutJob.ts';
import { applyAnswers, judgedDevices } from '../apps/server/src/modules/firmware/rollouts.repository.ts';
import { objectStorage } from '../apps/server/src/platform/storage.ts';
import { uploadFirmware } from '../apps/server/src/testing/firmware.ts';
import { PUBLIC_URL, startHarness } from '../apps/server/src/testing/harness.ts';
import { benchArgs } from './bench-args.ts';

const args = benchArgs({ devices: 10_000, rate: 1000, minutes: 3, reports: 5000, batch: 200 });
delete process.env.DATABASE_URL;

const dataDir = await mkdtemp(join(tmpdir(), 'fleetlens-bench-ota-'));
const h = await startHarness({ DATA_DIR: dataDir });
const db = h.database;
const customerId = await h.companyId('harbor');
const firmware = await uploadFirmware(h, 'dv426_upgrade_20261201.8701_fk_Rename');

// The fleet: one vehicle group of `devices` vehicles, each with a dv426 device online at 8690.
const [group] = await db.query<{ id: string }>(
  "INSERT INTO vehicle_groups (customer_id, name) VALUES ($1, 'OTA bench yard') RETURNING id",
  [customerId],
);
await db.query(
  `WITH v AS (
     INSERT INTO vehicles (customer_id, name, introduce_date, group_id)
     SELECT $1, 'OTA bench ' || n, current_date, $2 FROM generate_series(1, $3) n RETURNING id, name),
   d AS (
     INSERT INTO devices (customer_id, device_id, device_type, vehicle_id, channel_number, firmware,
       acceleration_threshold, acceleration_duration, deceleration_threshold, deceleration_duration,
       impact_threshold, impact_duration, quick_handle_threshold, quick_handle_duration)
     SELECT $1, (990000000000 + substring(v.name FROM '[0-9]+$')::bigint)::text, 'dv426', v.id, 1, '8690',
            0.35, 300, 0.4, 300, 1, 100, 0.35, 300 FROM v RETURNING id)
   INSERT INTO device_states (device_pk, customer_id, online, firmware) SELECT id, $1, true, '8690' FROM d`,
  [customerId, group?.id, args.devices],
);

// What autovacuum would have done after so many rows: the embedded database keeps no statistics
// by itself, and its planner would join 10,000 rows blind.
await db.query('ANALYZE vehicles, devices, device_states, vehicle_groups');

const zone = 'UTC';
const startsAt = new Date(Date.now() + 3600_000);
const body = {
  customer_id: customerId,
  target: 'groups',
  group_ids: [group?.id],
  time_zone: zone,
  starts_at: utcToLocal(startsAt, zone),
  ends_at: utcToLocal(new Date(startsAt.getTime() + 6 * 3600_000), zone),
  first_stage_size: args.devices,
  success_threshold: 0,
  error_threshold: 100,
  rate_per_minute: args.rate,
};
// The part of the creation that reads the selection, alone.
let t = performance.now();
await judgedDevices(db, customerId, firmware.id, {
  target: 'groups',
  device_ids: [],
  group_ids: [group?.id as string],
});
const selectMs = performance.now() - t;
t = performance.now();
const created = await h.as('support').post(`/firmwares/${firmware.id}/rollouts`, body);
const createMs = performance.now() - t;
if (created.status !== 201) throw new Error(`rollout refused: ${JSON.stringify(created.body)}`);
const rolloutId: string = created.body.data.id;
const count = async (sql: string) => Number((await db.query<{ n: string }>(sql, [rolloutId]))[0]?.n ?? 0);
console.log(
  `bench:ota: ${args.devices} devices; create ${createMs.toFixed(0)} ms (goal ≤ 2000; reading the selection alone ${selectMs.toFixed(0)} ms); ` +
    `rows: ${await count('SELECT count(*) AS n FROM firmware_rollout_devices WHERE rollout_id = $1')}`,
);

// The job on a simulated clock from the window's start (the app's own job waits for the real one).
const rolloutStart = new Date(created.body.data.starts_at);
const job = rolloutJob({
  database: db,
  storage: objectStorage(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL }), db),
  commands: h.deviceLink.commands,
  log: { warn: () => {} },
});
const runMs: number[] = [];
for (let s = 0; s < args.minutes * 60; s += ROLLOUT_TICK_SECONDS) {
  const at = new Date(rolloutStart.getTime() + s * 1000);
  t = performance.now();
  await job.run(at, at);
  runMs.push(performance.now() - t);
}
const perMinute = await db.query<{ minute: number; n: string }>(
  `SELECT floor(extract(epoch FROM notified_at - $2::timestamptz) / 60)::int AS minute, count(*) AS n
     FROM firmware_rollout_devices WHERE rollout_id = $1 AND notified_at IS NOT NULL GROUP BY 1 ORDER BY 1`,
  [rolloutId, rolloutStart],
);
const sorted = [...runMs].sort((a, b) => a - b);
console.log(
  `notified per minute at rate ${args.rate}: ${perMinute.map((m) => `minute ${m.minute + 1}: ${m.n}`).join(', ')}; ` +
    `job runs: ${runMs.length}, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, ` +
    `max ${sorted.at(-1)?.toFixed(0)} ms; commands queued: ` +
    `${await count("SELECT count(*) AS n FROM device_commands WHERE type = 'firmware-update' AND params->>'deadline' IS NOT NULL AND device_pk IN (SELECT device_pk FROM firmware_rollout_devices WHERE rollout_id = $1)")}`,
);

// Status reports: steps on the notified devices' commands, as the ingestion stores a batch.
const notified = await db.query<{ pk: string; device_id: string; command_id: string }>(
  `SELECT x.device_pk AS pk, d.device_id, x.command_id FROM firmware_rollout_devices x
     JOIN devices d ON d.id = x.device_pk WHERE x.rollout_id = $1 AND x.command_id IS NOT NULL ORDER BY x.position`,
  [rolloutId],
);
const steps: { step?: string; percent?: number; version?: string; status: 'received' | 'completed' }[] = [
  { step: 'downloading', percent: 50, status: 'received' },
  { step: 'installing', status: 'received' },
  { version: '8701', status: 'completed' },
];
const reports: { device: (typeof notified)[number]; step: (typeof steps)[number]; at: number }[] = [];
for (const [s, step] of steps.entries())
  for (const device of notified) if (reports.length < args.reports) reports.push({ device, step, at: s });
const base = Date.now() - 60_000;
// The statistics a PostgreSQL server's autovacuum keeps (the embedded database has none of its own).
await db.query('ANALYZE firmware_rollout_devices, device_commands');
t = performance.now();
let ackMs = 0;
for (let i = 0; i < reports.length; i += args.batch) {
  const a = performance.now();
  const batch = reports.slice(i, i + args.batch);
  await db.transaction((tx) =>
    applyFirmwareAcks(
      tx,
      batch.map(({ device, step, at }) => ({
        device: { pk: device.pk, deviceId: device.device_id, customerId, vehicleId: null },
        body: {
          id: `bench-${device.device_id}-${at}`,
          time: new Date(base + at * 1000).toISOString(),
          command_id: device.command_id,
          status: step.status,
          firmware: step.step
            ? { step: step.step as 'downloading', ...(step.percent ? { percent: step.percent } : {}) }
            : { version: step.version as string },
        },
      })),
    ),
  );
  ackMs += performance.now() - a;
  await applyAnswers(
    db,
    batch.map((r) => r.device.command_id),
  );
}
const reportMs = performance.now() - t;
const byStatus = await db.query<{ status: string; n: string }>(
  'SELECT status, count(*) AS n FROM firmware_rollout_devices WHERE rollout_id = $1 GROUP BY 1 ORDER BY 1',
  [rolloutId],
);
console.log(
  `status reports: ${reports.length} in ${(reportMs / 1000).toFixed(2)} s = ${((reports.length * 1000) / reportMs).toFixed(0)}/s (goal ≥ 500); ` +
    `(storing the answers ${(ackMs / 1000).toFixed(2)} s, moving the rows ${((reportMs - ackMs) / 1000).toFixed(2)} s); ` +
    `rows by status: ${byStatus.map((r) => `${r.status} ${r.n}`).join(', ')}`,
);
const log = (await h.as('support').get(`/firmware-rollouts/${rolloutId}`)).body.data;
console.log(
  `update log: total ${log.total_devices}, finished ${log.finished_devices}, succeeded ${log.succeeded_devices}`,
);

// Cancel: the call, then a run of the job a tick later must start no device.
const before = await count(
  "SELECT count(*) AS n FROM firmware_rollout_devices WHERE rollout_id = $1 AND status <> 'waiting'",
);
t = performance.now();
const cancelled = await h.as('support').post(`/firmware-rollouts/${rolloutId}/cancel`);
const cancelMs = performance.now() - t;
const after = new Date(rolloutStart.getTime() + (args.minutes * 60 + 120) * 1000);
await job.run(after, after);
const started = await count(
  "SELECT count(*) AS n FROM firmware_rollout_devices WHERE rollout_id = $1 AND status NOT IN ('waiting', 'cancelled')",
);
console.log(
  `cancel: ${cancelMs.toFixed(0)} ms (goal ≤ 5000), status ${cancelled.body.data.status}; ` +
    `devices started before ${before}, after a later run ${started} (no new start: ${started <= before}); ` +
    `cancelled rows ${await count("SELECT count(*) AS n FROM firmware_rollout_devices WHERE rollout_id = $1 AND status = 'cancelled'")}`,
);

await h.close();
await rm(dataDir, { recursive: true, force: true });
