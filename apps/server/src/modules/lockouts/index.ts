// Impact lock-out (beyond the spec; contracts lockouts/lockouts.ts): the impacts that reach their
// vehicle group's level lock the vehicle through its device, heard from the events module as they
// are stored (onEventsCreated), and a supervisor holding vehicleUnlock (contracts ACTION_ROLES)
// releases it with a reason. Readers of a vehicle see its lock; readers of events, an event's locks.
// Each lock and unlock goes to the customer's webhooks (integrations' publishWebhooks).
import {
  lockoutListQuerySchema,
  lockoutListSchema,
  lockoutSchema,
  READ_RULES,
  vehicleLockoutAnswerSchema,
  vehicleResource,
  vehicleUnlockSchema,
} from '@fleetlens/contracts';
import { idParams, op, routeModule } from '../../platform/routes.ts';
import { onEventsCreated } from '../events/public.ts';
import { publishWebhooks } from '../integrations/public.ts';
import { lockoutService } from './service.ts';

export const registerLockouts = routeModule(['lockouts'], (route, platform, app) => {
  const log = app.log.child({ module: 'lockouts' });
  const lockouts = lockoutService({
    database: platform.database,
    commands: platform.deviceLink.commands,
    // A lock or an unlock stands whether or not its webhooks could be queued: the failure is logged.
    publish: (kind, items) =>
      publishWebhooks(platform.hub, kind, items).catch((error) =>
        log.warn({ err: error }, `${kind} not published to webhooks`),
      ),
  });
  onEventsCreated(platform.hub, (ids) => lockouts.eventsCreated(ids));

  route.get(
    '/lockouts',
    op(
      vehicleResource.pages.list,
      'The vehicles locked after an impact now, of the customers the caller sees or of one of them',
      {
        query: lockoutListQuerySchema,
        reply: lockoutListSchema,
      },
    ),
    ({ access, query }) => lockouts.open(access, query.customer_id),
  );
  route.get(
    '/vehicles/:id/lockout',
    op(vehicleResource.pages.detail, "The vehicle's lock after an impact, or null when it is not locked", {
      params: idParams,
      reply: vehicleLockoutAnswerSchema,
    }),
    ({ access, params }) => lockouts.vehicle(access, params.id),
  );
  route.get(
    '/events/:id/lockouts',
    op(READ_RULES.eventList, "The locks an impact caused, each with its unlock: the event's lock history", {
      params: idParams,
      reply: lockoutListSchema,
    }),
    ({ access, params }) => lockouts.ofEvent(access, params.id),
  );
  route.post(
    '/vehicles/:id/unlock',
    op(
      'vehicleUnlock',
      'Release a vehicle locked after an impact, with the reason (required): its device is sent vehicle-unlock',
      { params: idParams, body: vehicleUnlockSchema, reply: lockoutSchema },
    ),
    ({ access, params, body }) => lockouts.unlock(access, params.id, body.reason),
  );
});
