import { caseResource, THRESHOLD_KINDS } from '@fleetlens/contracts';
import { type IsolationWalk, resourceRoutes, rowsOfB } from '../walks.ts';

const cases = resourceRoutes(caseResource, 'case');

import { seedDevices, sneakyDevice } from './devices.isolation.ts';

const sneakyCase = { case_number: 'SNEAKY-CASE', devices_needed: 2, panic_button_values: [1] };
const sneakySim = { phone: '+100000000001', apn: 'sneaky', user_id: 'sneaky', password: 'Sneaky#1' };

// B's case with its SIM and registered device (seeded with the devices walk's objects).
export const walk: IsolationWalk = {
  objects: cases.objects,
  seed: seedDevices,
  bodies: (b) => {
    const { vehicle_id: _v, ...device } = sneakyDevice(b);
    return {
      [cases.create]: { ...sneakyCase, customer_id: b.customer },
      [cases.update]: { ...sneakyCase, customer_id: b.customer, exposed_to_kitting: false },
      'PUT /api/v1/cases/{id}/vehicles/{vehicleId}/device': device,
      'PUT /api/v1/cases/{id}/devices/{deviceId}/settings': {
        icon: 'red',
        firmware: '1',
        installation_direction: 'left',
        thresholds: Object.fromEntries(THRESHOLD_KINDS.map((kind) => [kind, { threshold: 9, duration: 9 }])),
      },
      'POST /api/v1/cases/{id}/sims': sneakySim,
      'PUT /api/v1/cases/{id}/sims/{simId}': sneakySim,
      'POST /api/v1/cases/{id}/sims/{simId}/actions': { action: 'activate' },
    };
  },
  markers: () => ['OTHERCO-CASE-77', '+107700770077', 'otherco.apn', 'otherco-user'],
  snapshot: (query, b) =>
    query(
      `SELECT ${rowsOfB('cases')} AS cases, ${rowsOfB('sims')} AS sims,
              (SELECT count(*) FROM cases WHERE case_number = 'SNEAKY-CASE') +
              (SELECT count(*) FROM sims WHERE phone = '+100000000001') AS created`,
      [b.customer],
    ),
};
