// Site safety zones (privilege resource `location`, docs/decisions/2026-12-07-zones.md): a
// customer's pedestrian areas, speed zones, no-go areas and loading docks, each a polygon with
// rules, read by whoever reads vehicle maps and written with location:add, :edit and :delete
// (contracts ACTION_ROLES). The rules are evaluated as positions arrive (evaluator.ts); a breach
// is an event of type ZoneBreach.
import {
  zoneBodySchema,
  zoneListQuerySchema,
  zoneSchema,
  zonesAnswerSchema,
  zoneUpdateSchema,
} from '@fleetlens/contracts';
import { z } from 'zod';
import { idParams, op, routeModule } from '../../platform/routes.ts';
import { ZONES_CHANGED, ZoneEvaluator } from './evaluator.ts';
import { zoneService } from './service.ts';

export const registerZones = routeModule(['zones'], (route, platform, app) => {
  const { database, hub, deviceLink } = platform;
  const evaluator = new ZoneEvaluator({
    database,
    log: app.log,
    eventsMade: (ids) => deviceLink.eventsMade(ids),
  });
  const forgetEverywhere = hub.topic<string[]>(ZONES_CHANGED, async (ids) => evaluator.forget(ids));
  deviceLink.onCommitted((batch) => evaluator.committed(batch));
  app.addHook('onClose', () => evaluator.settled());

  const zones = zoneService(database, async (customerId) => {
    // Here at once (the next position sees the change), on the other replicas through the bus.
    evaluator.forget([customerId]);
    await forgetEverywhere([customerId]);
  });

  route.get(
    '/zones',
    op('vehicleMap', 'The site safety zones of the customers the caller sees, or of one of them', {
      query: zoneListQuerySchema,
      reply: zonesAnswerSchema,
    }),
    ({ access, query }) => zones.list(access, query.customer_id),
  );
  route.get(
    '/zones/:id',
    op('vehicleMap', 'One site safety zone', { params: idParams, reply: zoneSchema }),
    ({ access, params }) => zones.one(access, params.id),
  );
  route.post(
    '/zones',
    op(
      'zoneAdd',
      'Add a site safety zone: a GeoJSON Polygon (one ring, longitude/latitude, not crossing itself) and its rules',
      { body: zoneBodySchema, reply: zoneSchema },
    ),
    ({ access, body }) => zones.create(access, body),
  );
  route.put(
    '/zones/:id',
    op('zoneEdit', 'Change a site safety zone (its company stays)', {
      params: idParams,
      body: zoneUpdateSchema,
      reply: zoneSchema,
    }),
    ({ access, params, body }) => zones.update(access, params.id, body),
  );
  route.delete(
    '/zones/:id',
    op('zoneDelete', 'Remove a site safety zone', { params: idParams, reply: z.object({ id: z.string() }) }),
    ({ access, params }) => zones.remove(access, params.id),
  );
});
