// npm run seed -- --vehicles N [--operators M] [--customer <stk user>] [--no-devices]
// Fills a customer (default the demo's Harbor Logistics) of the configured database (DATABASE_URL,
// else the embedded PGlite in $DATA_DIR) with N vehicles, one device each, M operators (default
// N) with their RFID cards, and their groups, through the API's own services.
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config.ts';
import { openConfiguredDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seedDemo } from '../apps/server/src/modules/demo/seed.ts';
import { fillCustomer } from './fill-customer.ts';

const { values } = parseArgs({
  options: {
    vehicles: { type: 'string' },
    operators: { type: 'string' },
    customer: { type: 'string', default: 'harbor' },
    'no-devices': { type: 'boolean', default: false },
  },
});
const count = (text: string | undefined, name: string): number | undefined => {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 1_000_000) {
    console.error(`--${name} takes a whole number from 0 to 1000000`);
    process.exit(2);
  }
  return n;
};
const vehicles = count(values.vehicles, 'vehicles');
if (vehicles === undefined) {
  console.error('usage: npm run seed -- --vehicles N [--operators M] [--customer <stk user>] [--no-devices]');
  process.exit(2);
}

const config = loadConfig();
if (!config.DEMO) {
  // seedDemo creates the demo customers and accounts with the published DEMO_PASSWORD: never on a
  // database that is not a demo.
  console.error(
    'npm run seed fills the demo customers and needs DEMO=true; refusing to create demo accounts',
  );
  process.exit(1);
}
const database = await openConfiguredDatabase(config);
try {
  await migrate(database);
  await seedDemo(database, config.DEMO_PASSWORD);
  const [customer] = await database.query<{ id: string; name: string }>(
    'SELECT id, name FROM customers WHERE stk_user = $1',
    [values.customer],
  );
  if (!customer) {
    console.error(`no customer with the STK user "${values.customer}"`);
    process.exitCode = 2;
  } else {
    const started = Date.now();
    const made = await fillCustomer(database, customer.id, {
      vehicles,
      operators: count(values.operators, 'operators'),
      devices: !values['no-devices'],
      progress: (what, done, total) => console.log(`  ${what}: ${done} of ${total}`),
    });
    console.log(
      `${customer.name}: ${made.vehicles} vehicles, ${made.devices} devices, ${made.operators} operators, ` +
        `${made.cards} RFID cards, ${made.groups} groups in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
} finally {
  await database.close();
}
