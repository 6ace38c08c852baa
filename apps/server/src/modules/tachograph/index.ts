// The digital tachograph (resource `digi_tacho`, function `digi-tacho`): a vehicle's or an
// operator's day as the chart draws it, the list page's subjects with the day's totals, and a
// subject's driving history. Not a plain resource: nothing here is written, every figure is read
// from what the devices sent (day.ts says how). Who may call each is its screen's rule.
import {
  ACTION_ROLES,
  routeRoles,
  TACHOGRAPH_SUBJECTS,
  tachographCustomerLimitsSchema,
  tachographDayQuerySchema,
  tachographDaySchema,
  tachographHistoryQuerySchema,
  tachographHistorySchema,
  tachographLimitsBodySchema,
  tachographListQuerySchema,
  tachographListSchema,
} from '@fleetlens/contracts';
import { z } from 'zod';
import type { AccessRule } from '../../platform/access.ts';
import { idParams, op, routeModule } from '../../platform/routes.ts';
import { tachographService } from './service.ts';

const PLURAL = { vehicle: 'vehicles', operator: 'operators' } as const;
/** A screen's roles, and the company's digital tachograph function (a page name alone carries only the roles). */
const screen = (page: string): AccessRule => ({ roles: routeRoles(page), functions: ['digi-tacho'] });
const customerParams = z.object({ customerId: z.uuid() });

export const registerTachograph = routeModule(['tachograph'], (route, platform) => {
  const tachograph = tachographService(platform.database);
  route.get(
    '/tachograph',
    op(screen('tachographs'), "Vehicles' or operators' totals of a day (driving, idle, rest, marks)", {
      query: tachographListQuerySchema,
      reply: tachographListSchema,
    }),
    ({ access, query }) => tachograph.list(access, query),
  );
  for (const kind of TACHOGRAPH_SUBJECTS) {
    route.get(
      `/tachograph/${PLURAL[kind]}/:id/day`,
      op(
        screen('tachographDetails'),
        `A ${kind}'s tachograph day: speed, activity and harsh events of a window, the day's totals and marks`,
        {
          params: idParams,
          query: tachographDayQuerySchema,
          reply: tachographDaySchema,
        },
      ),
      ({ access, params, query }) => tachograph.day(access, kind, params.id, query),
    );
    route.get(
      `/tachograph/${PLURAL[kind]}/:id/history`,
      op(
        screen('tachographHistory'),
        `A ${kind}'s driving history: each day's totals and marks, newest first`,
        {
          params: idParams,
          query: tachographHistoryQuerySchema,
          reply: tachographHistorySchema,
        },
      ),
      ({ access, params, query }) => tachograph.history(access, kind, params.id, query),
    );
  }
  route.get(
    '/tachograph/limits/:customerId',
    op(
      screen('tachographs'),
      "A customer's tachograph limits (speed, continuous driving, break), the defaults until set",
      {
        params: customerParams,
        reply: tachographCustomerLimitsSchema,
      },
    ),
    ({ access, params }) => tachograph.limits(access, params.customerId),
  );
  route.put(
    '/tachograph/limits/:customerId',
    op(
      { roles: ACTION_ROLES.tachographLimitsEdit, functions: ['digi-tacho'] },
      "Set a customer's tachograph limits (audited)",
      { params: customerParams, body: tachographLimitsBodySchema, reply: tachographCustomerLimitsSchema },
    ),
    ({ access, params, body }) => tachograph.setLimits(access, params.customerId, body),
  );
});
