// The event map (console route /event-map): where events happen over a period, for a safety
// manager. The events of a period as clusters and single events over the box the map shows, with
// the event list's filters, for the event screens' readers whose company has the event-map
// function (e-map) (docs/decisions/2026-11-26-event-map.md).
import { eventMapQuerySchema, eventMapSchema, READ_RULES } from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/index.ts';
import { routesOf } from '../../platform/routes.ts';
import { eventMapService } from './service.ts';

export async function registerEventMap(app: FastifyInstance, platform: Platform): Promise<void> {
  const route = routesOf(app, platform, ['events']);
  const events = eventMapService(platform.database);

  route.get(
    '/event-map',
    {
      rule: READ_RULES.eventMap,
      summary:
        'The events of a period over a box at a zoom: clusters of grid cells and the events of the cells that hold few, with the event list filters',
      query: eventMapQuerySchema,
      reply: eventMapSchema,
    },
    ({ access, query }) => events.map(access, query),
  );
}
