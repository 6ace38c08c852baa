import { type IsolationWalk, rowsOfBAndSneaky } from '../walks.ts';

export const walk: IsolationWalk = {
  objects: [[/^\/api\/v1\/vehicle-models\/\{id\}/, 'vehicleModel']],
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
      'POST /api/v1/vehicle-models': model,
      'PUT /api/v1/vehicle-models/{id}': { ...model, name: 'Taken over model' },
    };
  },
  markers: () => ['Otherworks M9', 'Otherseries'],
  snapshot: rowsOfBAndSneaky('vehicle_models'),
};
