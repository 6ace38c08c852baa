// The dashboard's rules: a reader's dashboard is their company's shared charts and their own
// private ones, in the company's order; a reader with none gets the default set, made once as
// their own private charts (the same on every device); a chart is read, changed and deleted only
// where its reader sees it (another's private chart is not found). A chart's figures are the
// reader's: counted over what the reader sees (charts.figures.ts, counting.ts).
import {
  type Chart,
  type ChartData,
  type ChartDataQuery,
  type ChartInput,
  type ChartOrderBody,
  type ChartPeriodBody,
  type ChartTemplate,
  chartBodySchema,
  type Language,
  resolveChartPeriod,
} from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import { ApiError, found } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n.ts';
import { countChart } from './counting.ts';
import { chartFigures } from './figures.ts';
import {
  allSeen,
  dashboardCharts,
  deleteChart,
  findChart,
  insertCharts,
  lockReader,
  type Reader,
  setDashboardPeriod,
  setPositions,
  updateChart,
} from './repository.ts';

type DefaultChart = Pick<ChartInput, 'template' | 'width' | 'period' | 'realtime'>;

/** A new dashboard: what a fleet manager looks at first, live where it changes by the minute. */
export const DEFAULT_CHARTS: DefaultChart[] = [
  { template: 'vehiclesOnline', width: 'sm', period: 'today', realtime: true },
  { template: 'eventsPerType', width: 'lg', period: 'today', realtime: true },
  { template: 'operatingPerVehicle', width: 'md', period: 'thisWeek', realtime: false },
  { template: 'distancePerVehicle', width: 'md', period: 'thisWeek', realtime: false },
  { template: 'utilisationPerVehicle', width: 'md', period: 'thisWeek', realtime: false },
  { template: 'idlePerVehicle', width: 'md', period: 'thisWeek', realtime: false },
  { template: 'scoreTrend', width: 'lg', period: 'thisMonth', realtime: false },
  { template: 'operatorRanking', width: 'sm', period: 'thisMonth', realtime: false },
];

/** The name of a template in the reader's language (contracts locales, namespace dashboard). */
export const templateName = (lang: Language, template: ChartTemplate) =>
  translate(lang, 'dashboard', `templates.${template}`);

/** A chart names only vehicles, groups and operators its author sees. */
async function checkSelection(database: DatabaseHandle, access: RequestAccess, input: ChartInput) {
  const checks = [
    ['vehicle_ids', 'vehicles'],
    ['group_ids', 'vehicle_groups'],
    ['operator_ids', 'operators'],
  ] as const;
  for (const [field, table] of checks)
    if (!(await allSeen(database, access, table, input[field])))
      throw new ApiError('validation', { fields: [{ field, key: 'chartSelectionUnseen' }] });
}

const readerOf = (access: RequestAccess): Reader => ({
  userId: access.principal.userId,
  customerId: access.principal.customerId,
});

export function chartService(database: DatabaseHandle) {
  const figuresOf = chartFigures(database);

  /** A chart the caller sees (another's private chart, or another tenant's, is not found). */
  const get = async (access: RequestAccess, id: string) =>
    found(await findChart(database, access, access.principal.userId, id));

  return {
    get,

    /** The reader's dashboard; the default set first when they have no chart at all. */
    async dashboard(access: RequestAccess, lang: Language): Promise<{ list: Chart[] }> {
      const reader = readerOf(access);
      const list = await dashboardCharts(database, reader);
      if (list.length > 0) return { list };
      await database.transaction(async (tx) => {
        await lockReader(tx, reader);
        if ((await dashboardCharts(tx, reader)).length > 0) return;
        await insertCharts(
          tx,
          reader,
          DEFAULT_CHARTS.map((chart) =>
            chartBodySchema.parse({ ...chart, name: templateName(lang, chart.template), private: true }),
          ),
        );
      });
      return { list: await dashboardCharts(database, reader) };
    },

    /** A new chart on the caller's company's dashboard, at its end. */
    async create(access: RequestAccess, input: ChartInput) {
      await checkSelection(database, access, input);
      const [id] = await insertCharts(database, readerOf(access), [input]);
      return get(access, found(id));
    },

    async update(access: RequestAccess, id: string, input: ChartInput) {
      const chart = await get(access, id);
      // A shared chart stays shared unless its author makes it private: nobody hides another's chart.
      if (input.private && !chart.private && chart.owner.id !== access.principal.userId)
        throw new ApiError('forbidden');
      await checkSelection(database, access, input);
      await updateChart(database, { customerId: chart.customer.id, id: chart.id }, input);
      return get(access, chart.id);
    },

    async remove(access: RequestAccess, id: string) {
      const chart = await get(access, id);
      await deleteChart(database, { customerId: chart.customer.id, id: chart.id });
      return { id: chart.id };
    },

    /** Batch period change over the caller's dashboard: the charts that follow it. */
    async setPeriod(access: RequestAccess, body: Required<ChartPeriodBody>) {
      return { changed: await setDashboardPeriod(database, readerOf(access), body) };
    },

    /** The dashboard's order: exactly the charts it shows, each once. */
    async setOrder(access: RequestAccess, body: ChartOrderBody) {
      const reader = readerOf(access);
      const shown = (await dashboardCharts(database, reader)).map((c) => c.id);
      const given = new Set(body.ids);
      if (given.size !== body.ids.length || given.size !== shown.length || shown.some((id) => !given.has(id)))
        throw new ApiError('validation', { fields: [{ field: 'ids', key: 'chartOrderIncomplete' }] });
      await setPositions(database, reader, body.ids);
      return dashboardCharts(database, reader).then((list) => ({ list }));
    },

    /** The chart's figures for the period it shows, in the caller's time setting and scope. */
    async data(
      access: RequestAccess,
      id: string,
      query: ChartDataQuery,
      now = Date.now(),
    ): Promise<ChartData> {
      const chart = await get(access, id);
      const period = { ...resolveChartPeriod(chart, query.timesetting, now), timesetting: query.timesetting };
      return countChart({ database, figuresOf, access, chart, period, now });
    },
  };
}
