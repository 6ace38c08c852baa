import { vehicleModelResource } from '@fleetlens/contracts';
import { type IsolationWalk, resourceRoutes, rowsOfBAndSneaky } from '../walks.ts';

const models = resourceRoutes(vehicleModelResource, 'vehicleModel');

export const walk: IsolationWalk = {
  objects: models.objects,
  seed: async ({ insert, b }) => {
    b.vehicleModel = await insert(
      `INSERT INTO vehicle_models (customer_id, manufacturer_id, name, series_name, model_name)
       VALUES ($1, $2, 'Otherworks M9', 'Otherseries', 'OW-M9') RETURNING id`,
      [b.customer, b.manufacturer],
    );
  },
  bodies: (b) => {
    const model = {
      manufacturer_id: b.manufacturer,
      name: 'Sneaky model',
      series_name: 's',
      model_name: 'm',
    };
    return {
      [models.create]: model,
      [models.update]: { ...model, name: 'Taken over model' },
    };
  },
  markers: () => ['Otherworks M9', 'Otherseries'],
  snapshot: rowsOfBAndSneaky('vehicle_models'),
};
