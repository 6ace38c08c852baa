// The event map's part of `npm run bench:events`: the answer of GET /event-map
// (modules/event-map/repository.ts) for the last 30 days of the generated fleet at a few zooms,
// each over the box a 1440 × 900 screen shows there, beside the raw aggregate a person would
// write for the same cells (one GROUP BY, no clusters' types or boxes, no single events), and
// the plan of the map's statement at the city zoom.
import { type EventMapQuery, eventMapCellDegrees, eventMapQuerySchema } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import {
  EVENT_MAP_SETTINGS,
  eventMap,
  eventMapStatement,
} from '../apps/server/src/modules/event-map/repository.ts';
import { inScope } from '../apps/server/src/platform/tenancy.ts';
import { comparisonHeading, comparisonRow, timeBoth } from './bench-compare.ts';

const DAY_MS = 86_400_000;
/** The generated events' region (bench-events.ts): 1° of latitude by 1.5° of longitude. */
export const REGION = { south: 34.5, north: 35.5, west: 139, east: 140.5 };

/** The box a 1440 × 900 screen shows at `zoom` around `centre` (degrees per pixel at 256-pixel tiles). */
function screenBox(zoom: number, centre: { lat: number; lng: number }) {
  const perPixel = 360 / (256 * 2 ** zoom);
  const [w, h] = [(1440 / 2) * perPixel, (900 / 2) * perPixel * Math.cos((centre.lat * Math.PI) / 180)];
  return {
    west: Math.max(-180, centre.lng - w),
    east: Math.min(180, centre.lng + w),
    south: Math.max(-90, centre.lat - h),
    north: Math.min(90, centre.lat + h),
  };
}

export async function benchEventMap(db: DatabaseHandle, customer: string, end: Date, runs: number) {
  const scope = { customerIds: [customer], inScope };
  const period = { start: new Date(end.getTime() - 30 * DAY_MS).toISOString(), end: end.toISOString() };
  const centre = { lat: (REGION.south + REGION.north) / 2, lng: (REGION.west + REGION.east) / 2 };
  const cases = [
    { name: 'zoom 3 (the world)', zoom: 3, box: {} },
    { name: 'zoom 8 (the region)', zoom: 8, box: screenBox(8, centre) },
    { name: 'zoom 11 (a city)', zoom: 11, box: screenBox(11, centre) },
    { name: 'zoom 15 (a yard)', zoom: 15, box: screenBox(15, centre) },
  ];
  const lines: string[] = [];
  for (const c of cases) {
    const query = eventMapQuerySchema.parse({ ...period, ...c.box, zoom: String(c.zoom) }) as EventMapQuery;
    const cell = eventMapCellDegrees(c.zoom);
    let answer = await eventMap(db, scope, query);
    const times = await timeBoth(runs, 3, () => ({
      ours: async () => {
        answer = await eventMap(db, scope, query);
      },
      raw: () =>
        db.query(
          `SELECT floor(lng / $6) AS cx, floor(lat / $6) AS cy, count(*) FROM device_events
            WHERE customer_id = $1 AND time >= $2 AND time < $3 AND lat BETWEEN $4 AND $5 AND lng BETWEEN $7 AND $8
            GROUP BY 1, 2`,
          [customer, period.start, period.end, query.south, query.north, cell, query.west, query.east],
        ),
    }));
    const found = `${answer.total.toLocaleString('en')} / ${answer.clusters.length} / ${answer.events.length}`;
    lines.push(comparisonRow(c.name, 20, times, found));
  }
  console.log(`\nevent map, the last 30 days, ${runs} runs each (ms)`);
  console.log(comparisonHeading('view', 20, 'map', 'events in view / clusters / single events'));
  for (const line of lines) console.log(line);
  const city = eventMapQuerySchema.parse({
    ...period,
    ...screenBox(11, centre),
    zoom: '11',
  }) as EventMapQuery;
  const { text, params } = eventMapStatement(scope, city);
  // With the statement's own settings (no JIT), as the server runs it.
  const plan = await db.transaction(async (tx) => {
    await tx.query(EVENT_MAP_SETTINGS);
    return tx.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
  });
  console.log('\nplan of the map at zoom 11:');
  for (const row of plan) console.log(`  ${Object.values(row)[0]}`);
}
