// npm run figures:rebuild [-- --customer <id or STK user> --from <date> --to <date>]
// Computes the figures (vehicle, operator and fleet, per hour, day and month; 0037, 0039) of the
// configured database (DATABASE_URL, else the embedded PGlite in $DATA_DIR) again from raw
// positions, events and sign-ons, with the same computation that keeps them current
// (apps/server/src/modules/drive-summary/figures.ts). Default: every customer, from the first
// position stored to now. Dates are ISO 8601 (2026-01-01, or a time with its offset).
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config.ts';
import { openConfiguredDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { rebuildFigures } from '../apps/server/src/modules/drive-summary/figures.ts';

const { values } = parseArgs({
  options: {
    customer: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
  },
});
const date = (text: string | undefined, name: string): Date | undefined => {
  if (text === undefined) return undefined;
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) {
    console.error(`--${name} takes a date (2026-01-01) or a time with its offset`);
    process.exit(2);
  }
  return at;
};
const from = date(values.from, 'from');
const to = date(values.to, 'to') ?? new Date();

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await migrate(database);
  let customerId: string | undefined;
  if (values.customer !== undefined) {
    const [customer] = await database.query<{ id: string }>(
      'SELECT id FROM customers WHERE id::text = $1 OR stk_user = $1',
      [values.customer],
    );
    if (!customer) {
      console.error(`no customer with the id or STK user "${values.customer}"`);
      process.exit(2);
    }
    customerId = customer.id;
  }
  // The first position of any vehicle (one index probe per vehicle), unless --from says.
  const [first] = await database.query<{ at: Date | null }>(
    `SELECT min(f.time) AS at FROM vehicles v
      CROSS JOIN LATERAL (SELECT dp.time FROM device_positions dp WHERE dp.vehicle_id = v.id
                           ORDER BY dp.time LIMIT 1) AS f
      WHERE $1::uuid IS NULL OR v.customer_id = $1`,
    [customerId ?? null],
  );
  const start = from ?? (first?.at ? new Date(first.at) : to);
  const began = Date.now();
  let last = 0;
  const vehicles = await rebuildFigures(database, {
    customerId,
    from: start,
    to,
    progress: (done, total) => {
      if (Date.now() - last < 2000 && done < total) return;
      last = Date.now();
      console.log(`  ${done} of ${total} chunks`);
    },
  });
  console.log(
    `figures of ${vehicles} vehicles from ${start.toISOString()} to ${to.toISOString()} rebuilt in ` +
      `${((Date.now() - began) / 1000).toFixed(1)} s`,
  );
} finally {
  await database.close();
}
