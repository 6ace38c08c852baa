import { operatorGroupResource, operatorResource } from '@fleetlens/contracts';
import { type IsolationWalk, resourceRoutes, rowsOfB } from '../walks.ts';

const groups = resourceRoutes(operatorGroupResource, 'operatorGroup');
const operators = resourceRoutes(operatorResource, 'operator');

const OPERATOR_BODY = {
  operator_code: 'SNEAKY-1',
  first_name: 'Sneaky',
  last_name: 'Operator',
  birth_date: '1990-01-01',
  address: 'Nowhere 1',
  license_number: 'L-1',
  license_received_on: '2010-01-01',
  license_valid_till: '2030-01-01',
  license_location: 'Nowhere',
  phone: '0123456',
};

export const walk: IsolationWalk = {
  objects: [...operators.objects, ...groups.objects],
  seed: async ({ insert, b }) => {
    b.operatorGroup = await insert(
      "INSERT INTO operator_groups (customer_id, name) VALUES ($1, 'Otherside Night Crew') RETURNING id",
      [b.customer],
    );
    b.operator = await insert(
      `INSERT INTO operators (customer_id, operator_code, first_name, last_name, birth_date, address, license_number,
                              license_received_on, license_valid_till, license_location, phone, group_id)
       VALUES ($1, 'OTHER-OP-9', 'Otherside', 'Driverperson', '1980-01-01', 'Otherside Street 9', 'OTHER-LIC-9',
               '2000-01-01', '2040-01-01', 'Otherside', '099999', $2) RETURNING id`,
      [b.customer, b.operatorGroup],
    );
  },
  bodies: (b) => ({
    [operators.create]: { ...OPERATOR_BODY, customer_id: b.customer, group_id: b.operatorGroup },
    [operators.update]: { ...OPERATOR_BODY, operator_code: 'TAKEN-OVER' },
    'PUT /api/v1/operators/{id}/group': { group_id: b.operatorGroup },
    'PUT /api/v1/operators/random-video': {
      operator_ids: [b.operator],
      random_video_enabled: true,
      random_video_days: ['mon'],
      random_video_per_week: 1,
      random_video_minutes: 1,
    },
    [groups.create]: { customer_id: b.customer, name: 'Sneaky group' },
    [groups.update]: { name: 'Taken over group' },
  }),
  markers: () => ['Otherside Night Crew', 'OTHER-OP-9', 'Driverperson', 'OTHER-LIC-9'],
  snapshot: (query, b) =>
    query(
      `SELECT ${rowsOfB('operators')} AS operators, ${rowsOfB('operator_groups')} AS groups,
              (SELECT count(*) FROM operators WHERE operator_code IN ('SNEAKY-1', 'TAKEN-OVER')) AS created,
              (SELECT count(*) FROM operator_groups WHERE name LIKE 'Sneaky%' OR name LIKE 'Taken over%') AS groups_created`,
      [b.customer],
    ),
};
