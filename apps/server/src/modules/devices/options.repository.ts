// What the device form offers for one customer (the service has checked the caller sees it): its
// vehicle groups, cases, SIM cards, and the vehicles the picker searches.
import type { LinkState } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import { parseLinkState, vehicleLinkStateJson } from '../device-link/public.ts';

type Query = DatabaseHandle['query'];

type Option = { id: string; name: string };

/** What the device form offers for one customer: its groups, cases (kitting: exposed ones) and SIMs. */
export async function formOptions(query: Query, customerId: string, exposedCasesOnly: boolean) {
  const [groups, cases, sims] = await Promise.all([
    query<Option>('SELECT id, name FROM vehicle_groups WHERE customer_id = $1 ORDER BY lower(name)', [
      customerId,
    ]),
    query<Option>(
      `SELECT id, case_number AS name FROM cases WHERE customer_id = $1 AND (NOT $2 OR exposed_to_kitting)
        ORDER BY case_number`,
      [customerId, exposedCasesOnly],
    ),
    query<Option & { device_id: string | null }>(
      `SELECT s.id, s.phone AS name, d.device_id FROM sims s LEFT JOIN devices d ON d.sim_id = s.id AND d.customer_id = s.customer_id
        WHERE s.customer_id = $1 ORDER BY s.phone`,
      [customerId],
    ),
  ]);
  return { groups, cases, sims };
}

/** One customer's vehicles whose name holds `pattern`, at most `limit`, the chosen one first. */
export async function vehicleOptions(
  query: Query,
  customerId: string,
  pattern: string | null,
  chosen: string | null,
  limit: number,
): Promise<(Option & { device_id: string | null; state: LinkState | null })[]> {
  const rows = await query<Option & { device_id: string | null; link_state: unknown }>(
    `SELECT v.id, v.name, d.device_id, ${vehicleLinkStateJson('v')} AS link_state
       FROM vehicles v LEFT JOIN devices d ON d.vehicle_id = v.id AND d.customer_id = v.customer_id
      WHERE v.customer_id = $1 AND ($2::text IS NULL OR lower(v.name) LIKE $2 OR v.id = $3::uuid)
      ORDER BY v.id = $3::uuid DESC NULLS LAST, lower(v.name), v.id LIMIT $4`,
    [customerId, pattern, chosen, limit],
  );
  return rows.map(({ link_state, ...v }) => ({ ...v, state: parseLinkState(link_state) }));
}
