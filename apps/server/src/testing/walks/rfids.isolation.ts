import { rfidResource } from '@fleetlens/contracts';
import { type IsolationWalk, resourceRoutes } from '../walks.ts';

const cards = resourceRoutes(rfidResource, 'rfid');

// B's card is held by B's operator (seeded by the operators walk, which runs first).
export const walk: IsolationWalk = {
  objects: cards.objects,
  seed: async ({ insert, query, b }) => {
    b.rfid = await insert(
      `INSERT INTO rfids (customer_id, rfid, owner, group_id) VALUES ($1, 'OTHERSIDE-CARD-77', 'Otherside owner', $2)
       RETURNING id`,
      [b.customer, b.operatorGroup],
    );
    await query(
      `INSERT INTO rfid_assignments (customer_id, rfid_id, operator_id, operator_code, operator_name)
       VALUES ($1, $2, $3, 'OTHER-OP-9', 'Otherside Driverperson')`,
      [b.customer, b.rfid, b.operator],
    );
  },
  bodies: (b) => ({
    [cards.create]: {
      rfid: 'SNEAKY-CARD',
      owner: 'Sneaky',
      group_id: b.operatorGroup,
      customer_id: b.customer,
    },
    [cards.update]: { rfid: 'TAKEN-OVER-CARD', owner: 'Taken over', group_id: b.operatorGroup },
    'POST /api/v1/rfids/{id}/assignment': { operator_id: b.operator },
  }),
  markers: () => ['OTHERSIDE-CARD-77', 'Otherside owner'],
  snapshot: (query, b) =>
    query(
      `SELECT (SELECT json_agg(r ORDER BY r.id) FROM rfids r WHERE r.customer_id = $1) AS cards,
              (SELECT json_agg(a ORDER BY a.id) FROM rfid_assignments a WHERE a.customer_id = $1) AS history,
              (SELECT count(*) FROM rfids WHERE rfid IN ('SNEAKY-CARD', 'TAKEN-OVER-CARD')) AS created`,
      [b.customer],
    ),
};
