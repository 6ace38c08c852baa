import { vehicleResource } from '@fleetlens/contracts';
import { type IsolationWalk, resourceRoutes, rowsOfBAndSneaky } from '../walks.ts';

const vehicles = resourceRoutes(vehicleResource, 'vehicle');

// B's vehicle sits in B's group with B's vendor and model (seeded by those modules' walks,
// which run first), so an attack through any reference is tried.
export const walk: IsolationWalk = {
  objects: vehicles.objects,
  seed: async ({ insert, b }) => {
    b.vehicle = await insert(
      `INSERT INTO vehicles (customer_id, name, introduce_date, group_id, manufacturer_id, model_id, serial_number)
       VALUES ($1, 'Otherfleet FL-1', '2024-01-01', $2, $3, $4, 'OTHER-SN-1') RETURNING id`,
      [b.customer, b.vehicleGroup, b.manufacturer, b.vehicleModel],
    );
  },
  bodies: (b) => {
    const vehicle = {
      name: 'Sneaky vehicle',
      introduce_date: '2025-01-01',
      group_id: b.vehicleGroup,
      manufacturer_id: b.manufacturer,
      model_id: b.vehicleModel,
    };
    return {
      [vehicles.create]: { ...vehicle, customer_id: b.customer },
      [vehicles.update]: { ...vehicle, name: 'Taken over vehicle' },
    };
  },
  markers: () => ['Otherfleet FL-1', 'OTHER-SN-1'],
  snapshot: rowsOfBAndSneaky('vehicles'),
};
