// Site plans (privilege resource `location`): a customer's yard, buildings, aisles and docks drawn
// under the vehicles on the dashboard, vehicle and drive-route maps. Read by whoever reads vehicle
// maps; set (GeoJSON or a placed image, multipart) and removed by whoever edits locations. The
// rules live in service.ts.
import { sitePlanSchema, sitePlansAnswerSchema, sitePlanUpload } from '@fleetlens/contracts';
import { z } from 'zod';
import { op, routeModule } from '../../platform/routes.ts';
import { readUpload, uploadingModule } from '../files/public.ts';
import { sitePlanService } from './service.ts';

const customerParams = z.object({ customerId: z.uuid() });

const sitePlanRoutes = routeModule(['site-plans'], (route, platform) => {
  const plans = sitePlanService(platform.database);

  route.get(
    '/site-plans',
    op('vehicleMap', 'The site plans of the customers the caller sees, or of one of them', {
      query: z.object({ customer_id: z.uuid().optional() }),
      reply: sitePlansAnswerSchema,
    }),
    ({ access, query }) => plans.list(access, query.customer_id),
  );

  route.put(
    '/site-plans/:customerId',
    op(
      'sitePlanEdit',
      "Set a customer's site plan (multipart: kind geojson or image, corners for an image, one file of at most 2 MB)",
      { params: customerParams, multipart: true, reply: sitePlanSchema },
    ),
    ({ access, params, request }) =>
      plans.save(access, params.customerId, () => readUpload(request, sitePlanUpload)),
  );

  route.delete(
    '/site-plans/:customerId',
    op('sitePlanEdit', "Remove a customer's site plan", {
      params: customerParams,
      reply: z.object({ customer_id: z.string() }),
    }),
    ({ access, params }) => plans.remove(access, params.customerId),
  );
});

// Site plans are uploads: their routes stand in a scope with the multipart parser.
export const registerSitePlans = uploadingModule(sitePlanRoutes);
