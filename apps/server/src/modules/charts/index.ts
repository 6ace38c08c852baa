// The dashboard's charts (resource `dashboard`; console /virtualization): the caller's dashboard
// (made from the default set on a first visit), one chart, create, edit and delete, the batch
// period change, the order, and a chart's figures. Who may call each: contracts ACTION_ROLES
// chartView/Add/Edit/Delete; what they see: their scope, and another's private chart never.
import {
  chartBodySchema,
  chartDataQuerySchema,
  chartDataSchema,
  chartListSchema,
  chartOrderBodySchema,
  chartPeriodBodySchema,
  chartSchema,
} from '@fleetlens/contracts';
import { z } from 'zod';
import { requestLanguage } from '../../platform/i18n.ts';
import { idParams, op, resource, routeModule } from '../../platform/routes.ts';
import { chartService } from './service.ts';

export const registerCharts = routeModule(['charts'], (route, platform) => {
  const charts = chartService(platform.database);

  route.get(
    '/charts',
    op('chartView', "The caller's dashboard: their company's shared charts and their own, in order", {
      description: 'A caller without any chart is given the default set first (named in their language).',
      reply: chartListSchema,
    }),
    ({ access, request }) => charts.dashboard(access, requestLanguage(request.headers['accept-language'])),
  );
  route.put(
    '/charts/period',
    op('chartEdit', 'Batch period change: the period of every chart of the dashboard that follows it', {
      body: chartPeriodBodySchema,
      reply: z.object({ changed: z.number() }),
    }),
    ({ access, body }) =>
      charts.setPeriod(access, {
        period: body.period,
        range_start: body.period === 'range' ? body.range_start : null,
        range_end: body.period === 'range' ? body.range_end : null,
      }),
  );
  route.put(
    '/charts/order',
    op('chartEdit', "The dashboard's order: every chart it shows, first to last", {
      body: chartOrderBodySchema,
      reply: chartListSchema,
    }),
    ({ access, body }) => charts.setOrder(access, body),
  );
  route.get(
    '/charts/:id/data',
    op('chartView', "A chart's figures over its period, in the caller's time setting", {
      params: idParams,
      query: chartDataQuerySchema,
      reply: chartDataSchema,
    }),
    ({ access, params, query }) => charts.data(access, params.id, query),
  );

  resource(route, '/charts', {
    record: chartSchema,
    body: chartBodySchema,
    update: chartBodySchema,
    service: charts,
    get: { rule: 'chartView', summary: 'One chart' },
    create: { rule: 'chartAdd', summary: "A chart at the end of the caller's company's dashboard" },
    edit: {
      rule: 'chartEdit',
      summary: 'Change a chart (a shared chart stays shared unless its author hides it)',
    },
    remove: { rule: 'chartDelete', summary: 'Delete a chart' },
  });
});
