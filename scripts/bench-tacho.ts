// npm run bench:tacho [-- --runs 7 --width 1440 --engine pglite]
// Not a test: the digital tachograph's busy vehicle-day (86,400 one-second positions: short trips
// with loading stops, three long stops with the engine off, a ten-minute gap, 40 harsh events)
// through the whole stack, beside the raw query of the same positions (issue 28, point 5):
// - the day's answer (24 hours, reduced to the chart's width) and a 12-minute window (every
//   sample): time through the stack (HTTP via fastify.inject, guard, tenancy, SQL, the pure
//   reduction) and its bytes, raw and compressed (gzip, brotli);
// - drawn in headless Chromium (/usr/bin/chromium) by the product's chart (TachographChart, in
//   the page scripts/bench/tacho): the 24-hour answer handed over to ECharts' `finished`
//   (goal ≤ 300 ms), and a switch of view (24 h → 8 h → 12 min → 4 min → 24 h; goal ≤ 100 ms):
//   as the details page does, a zoom is drawn at once from the day's answer at hand (sliceDay),
//   then again from its own answer (finer columns or every sample) when it comes, which is
//   printed beside: the server's time for it plus its drawing; back to 24 hours the page holds
//   the day's answer, so that switch is the drawing alone;
// - bytes on the wire of the 24-hour answer (goal ≤ 150 KB compressed).
import { availableParallelism, loadavg } from 'node:os';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { addDays, localDateOf, type TachographDay } from '@fleetlens/contracts';
import { startHarness } from '../apps/server/src/testing/harness.ts';
import { insertVehicleWithDevice } from '../apps/server/src/testing/rows.ts';
import { benchArgs } from './bench-args.ts';
import { benchPage } from './bench-browser.ts';
import { percentile } from './bench-compare.ts';

const args = benchArgs({ runs: 7, width: 1440, engine: 'pglite' });
if (args.engine === 'pglite') delete process.env.DATABASE_URL;
const TOKYO = 540;
const GOALS = { drawMs: 300, switchMs: 100, compressedKb: 150 };

// ---- the day ---------------------------------------------------------------------------------
const h = await startHarness();
const harbor = await h.companyId('harbor');
const vehicle = await insertVehicleWithDevice(h.database, harbor, 'Bench Reach 1', '590000001', null);
const date = addDays(localDateOf(Date.now(), TOKYO), -2);
const dayFrom = Date.parse(`${date}T00:00:00+09:00`);
/** Deterministic noise. */
let seed = 7;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const times: string[] = [];
const speeds: number[] = [];
const motions: [number, string][] = [];
let running = '';
const setMotion = (t: number, state: string) => {
  if (state !== running) motions.push([t, state]);
  running = state;
};
for (let s = 0; s < 86_400; s++) {
  const t = dayFrom + s * 1000;
  const hour = s / 3600;
  if (hour >= 13 && hour < 13 + 1 / 6) continue; // ten minutes without data
  const longStop = [3, 11, 19].some((h0) => hour >= h0 && hour < h0 + 0.75);
  const cycle = s % 120; // 90 s driving, 30 s loading
  let speed = 0;
  if (!longStop && cycle < 90) speed = Math.max(0, 4 + 10 * Math.sin((cycle / 90) * Math.PI) + random() * 3);
  if (!longStop && cycle === 45 && random() < 0.02) speed = 28 + random() * 10; // a rare peak
  setMotion(t, longStop ? 'stopping' : 'running');
  times.push(new Date(t).toISOString());
  speeds.push(Math.round(speed * 10) / 10);
}
for (let i = 0; i < times.length; i += 10_000)
  await h.database.query(
    `INSERT INTO device_positions (device_pk, message_id, customer_id, vehicle_id, time, lat, lng, speed, direction)
     SELECT $1, 'b-' || t, $2, $3, t, 35.6, 139.77, s, 0 FROM unnest($4::timestamptz[], $5::real[]) AS u(t, s)`,
    [vehicle.device, harbor, vehicle.id, times.slice(i, i + 10_000), speeds.slice(i, i + 10_000)],
  );
await h.database.query(
  `INSERT INTO device_state_changes (device_pk, customer_id, vehicle_id, kind, state, time)
   SELECT $1, $2, $3, 'motion', s, t FROM unnest($4::text[], $5::timestamptz[]) AS u(s, t)`,
  [
    vehicle.device,
    harbor,
    vehicle.id,
    motions.map(([, s]) => s),
    motions.map(([t]) => new Date(t).toISOString()),
  ],
);
for (let i = 0; i < 40; i++)
  await h.database.query(
    `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, time, type, lat, lng, speed,
       direction, gx, gy, gz, roll, pitch, yaw, cameras)
     VALUES ($1, $2, $3, $4, $5, 'SuddenDeceleration', 35.6, 139.77, 12, 0, -0.5, 0, 1, 0, 0, 0, 0)`,
    [vehicle.device, `b-e-${i}`, harbor, vehicle.id, new Date(dayFrom + (i * 86_400_000) / 40 + 45_000)],
  );
await h.database.query('ANALYZE');
console.log(
  `${times.length.toLocaleString('en')} positions of one vehicle on ${date} (Tokyo), ${args.engine}`,
);

// ---- the server --------------------------------------------------------------------------------
async function timed<T>(run: () => Promise<T>): Promise<{ ms: number[]; last: T }> {
  let last = await run();
  const ms: number[] = [];
  for (let i = 0; i < args.runs; i++) {
    const started = performance.now();
    last = await run();
    ms.push(performance.now() - started);
  }
  return { ms, last };
}
const raw = await timed(() =>
  h.database.query(
    `SELECT time, speed FROM device_positions
      WHERE vehicle_id = $1 AND customer_id = $2 AND time >= $3 AND time < $4 ORDER BY time`,
    [vehicle.id, harbor, new Date(dayFrom - 300_000), new Date(dayFrom + 86_400_000 + 300_000)],
  ),
);
// A zoom asks its window's series alone (totals=false), as the details page does.
const windowOf = (from: number, ms: number) =>
  `&from=${new Date(from).toISOString()}&to=${new Date(from + ms).toISOString()}&totals=false`;
const WINDOWS = {
  '24h': '',
  '8h': windowOf(dayFrom + 8 * 3_600_000, 8 * 3_600_000),
  '12m': windowOf(dayFrom + 12 * 3_600_000 - 360_000, 720_000),
  '4m': windowOf(dayFrom + 12 * 3_600_000 - 120_000, 240_000),
};
type View = keyof typeof WINDOWS;
const answers = {} as Record<View, { ms: number[]; body: string; day: TachographDay }>;
for (const view of Object.keys(WINDOWS) as View[]) {
  const url = `/tachograph/vehicles/${vehicle.id}/day?date=${date}&timesetting=${TOKYO}&width=${args.width}${WINDOWS[view]}`;
  const { ms, last } = await timed(() => h.as('manager').get(url));
  if (last.status !== 200) throw new Error(`${view}: ${last.status} ${last.text.slice(0, 300)}`);
  answers[view] = { ms, body: last.text, day: last.body.data as TachographDay };
}
await h.close();

// ---- the browser -------------------------------------------------------------------------------
const { browser, url, close } = await benchPage('tacho', ['--headless', '--no-sandbox']);
type Bench = {
  bench: {
    show(day: TachographDay, whole: TachographDay): Promise<number>;
    slice(from: number, to: number, whole: TachographDay): Promise<number>;
  };
};
const firstDraw: number[] = [];
const switches: Record<string, number[]> = {};
const refined: Record<string, number[]> = {};
const add = (to: Record<string, number[]>, view: string, ms: number) => {
  if (!to[view]) to[view] = [];
  to[view].push(ms);
};
const SWITCHES: View[] = ['8h', '12m', '4m', '24h'];
try {
  for (let run = 0; run < args.runs; run++) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForFunction(() => 'bench' in window);
    const show = (view: View) =>
      page.evaluate(([day, whole]) => (window as unknown as Bench).bench.show(day, whole), [
        answers[view].day,
        answers['24h'].day,
      ] as const);
    firstDraw.push(await show('24h'));
    for (const view of SWITCHES) {
      if (view === '24h') {
        add(switches, view, await show(view));
        continue;
      }
      const { from, to } = answers[view].day.window;
      add(
        switches,
        view,
        await page.evaluate(([f, t, whole]) => (window as unknown as Bench).bench.slice(f, t, whole), [
          from,
          to,
          answers['24h'].day,
        ] as const),
      );
      add(refined, view, await show(view));
    }
    if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`);
    await page.close();
  }
} finally {
  await close();
}

// ---- the figures -------------------------------------------------------------------------------
const med = (xs: number[]) => percentile(xs, 50).toFixed(1);
const p95 = (xs: number[]) => percentile(xs, 95).toFixed(1);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `\nraw query of the day's positions (${times.length.toLocaleString('en')} rows): median ${med(raw.ms)} ms, p95 ${p95(raw.ms)} ms`,
);
console.log(
  `${'answer'.padEnd(8)}${'stack p50'.padStart(11)}${'p95'.padStart(9)}${'points'.padStart(8)}${'runs'.padStart(6)}${'JSON'.padStart(11)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}  resolution`,
);
for (const view of Object.keys(WINDOWS) as View[]) {
  const { ms, body, day } = answers[view];
  console.log(
    `${view.padEnd(8)}${`${med(ms)} ms`.padStart(11)}${`${p95(ms)} ms`.padStart(9)}${String(day.speed.t.length).padStart(8)}` +
      `${String(day.activity.length).padStart(6)}${kb(body.length).padStart(11)}${kb(gzipSync(body).length).padStart(10)}` +
      `${kb(brotliCompressSync(body).length).padStart(10)}  ${day.resolution}${day.column_ms ? ` (${day.column_ms} ms columns)` : ''}`,
  );
}
console.log(`\nheadless Chromium ${browser.version()}, the chart 1440 px wide, ${args.runs} pages`);
console.log(
  `24-hour day drawn (answer handed over → ECharts finished): median ${med(firstDraw)} ms, p95 ${p95(firstDraw)} ms`,
);
for (const view of SWITCHES)
  console.log(
    `switch to ${view.padEnd(4)}: drawn in median ${med(switches[view] ?? [])} ms (p95 ${p95(switches[view] ?? [])})` +
      (view === '24h'
        ? ' from the answer the page holds'
        : ` from the day at hand; its own answer: the server's ${med(answers[view].ms)} ms + drawn ${med(refined[view] ?? [])} ms`),
  );
const worstSwitch = Math.max(...SWITCHES.map((v) => percentile(switches[v] ?? [], 50)));
const gz = gzipSync(answers['24h'].body).length / 1024;
console.log(
  `\ngoals: day drawn ${med(firstDraw)} ms (≤ ${GOALS.drawMs}): ${percentile(firstDraw, 50) <= GOALS.drawMs ? 'met' : 'NOT met'}; ` +
    `switch ${worstSwitch.toFixed(1)} ms at worst (≤ ${GOALS.switchMs}): ${worstSwitch <= GOALS.switchMs ? 'met' : 'NOT met'}; ` +
    `24-hour answer ${gz.toFixed(1)} KB gzip (≤ ${GOALS.compressedKb}): ${gz <= GOALS.compressedKb ? 'met' : 'NOT met'}; ` +
    `load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`,
);
