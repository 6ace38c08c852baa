import { checkTemplateResource } from '@fleetlens/contracts';
import { vehicleOfB } from '../rows.ts';
import { type IsolationWalk, resourceRoutes, rowsOfB } from '../walks.ts';

const templates = resourceRoutes(checkTemplateResource, 'checkTemplate');

// B's checklist of its straddle carriers and a check answered on B's vehicle (named by the
// vehicles' walk for /vehicles/{id}/pre-shift-link). The phone page's calls are open: the signed
// vehicle token is the permission (a token of one vehicle refused on another: pre-shift-checks.test.ts).
export const walk: IsolationWalk = {
  notTenantOwned: [
    'GET /api/v1/pre-shift/{token}',
    'POST /api/v1/pre-shift/{token}',
    'POST /api/v1/pre-shift/{token}/checks/{id}/photo',
  ],
  objects: [...templates.objects, [/^\/api\/v1\/pre-shift-checks\/\{id\}/, 'preShiftCheck']],
  seed: async (context) => {
    const { insert, b } = context;
    const vehicle = await vehicleOfB(context);
    b.checkTemplate = await insert(
      `INSERT INTO pre_shift_templates (customer_id, vehicle_type, items)
       VALUES ($1, 'straddle_carrier', '[{"text":"Otherco secret mast check","critical":true}]') RETURNING id`,
      [b.customer],
    );
    b.preShiftCheck = await insert(
      `INSERT INTO pre_shift_checks (customer_id, vehicle_id, operator_name, passed, critical_failed, items, photo)
       VALUES ($1, $2, 'Otherco checker', true, false, '[{"text":"Otherco secret mast check","critical":true,"passed":true,"note":""}]',
               'Otherco secret photo'::bytea)
       RETURNING id`,
      [b.customer, vehicle],
    );
  },
  bodies: (b) => ({
    [templates.create]: {
      customer_id: b.customer,
      vehicle_type: 'bus',
      items: [{ text: 'Sneaky item', critical: false }],
    },
    [templates.update]: { vehicle_type: 'crane', items: [{ text: 'Taken over item', critical: true }] },
  }),
  markers: () => ['Otherco secret mast check', 'Otherco checker', 'Otherco secret photo'],
  snapshot: (query, b) =>
    query(
      `SELECT ${rowsOfB('pre_shift_templates')} AS templates, ${rowsOfB('pre_shift_checks')} AS checks,
              (SELECT count(*) FROM pre_shift_templates WHERE items::text LIKE '%Sneaky%' OR items::text LIKE '%Taken over%') AS created`,
      [b.customer],
    ),
};
