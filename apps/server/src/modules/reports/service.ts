// The reports' rules: a report names only operators, vehicles and groups its author sees; it is
// read by the users of its company and of the companies under it (repository.ts), each over what
// they see: named objects the reader cannot see are left out and counted in `hidden`, which the
// console shows as the spec's notice. Its figures are a chart's (charts/counting.ts) over the
// report's selection and period; its exports are drawn here from those figures (export.ts).
import {
  type ChartDataQuery,
  type Language,
  type Report,
  type ReportData,
  type ReportFormat,
  type ReportInput,
  type ReportListQuery,
  resolveChartPeriod,
} from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import { ApiError, found } from '../../platform/errors.ts';
import { type CountedChart, chartFigures, countChart } from '../charts/public.ts';
import { exportReport } from './export.ts';
import {
  deleteReport,
  findReport,
  groupOperators,
  insertReport,
  listReports,
  type Reader,
  seenIds,
  updateReport,
} from './repository.ts';

/** Names no row: a selection whose every object is hidden counts nothing (an empty one counts all). */
const NOTHING = '00000000-0000-0000-0000-000000000000';

const KINDS = [
  ['vehicle_ids', 'vehicles'],
  ['group_ids', 'vehicle_groups'],
  ['operator_ids', 'operators'],
  ['operator_group_ids', 'operator_groups'],
] as const;

const readerOf = (access: RequestAccess): Reader => ({
  customerIds: access.customerIds,
  inScope: access.inScope,
  customerId: access.principal.customerId,
});

/** The report's selection as its reader sees it (what they cannot see is its `hidden`). */
async function visibleSelection(database: DatabaseHandle, access: RequestAccess, report: Report) {
  const seen = {} as Record<(typeof KINDS)[number][0], string[]>;
  for (const [field, table] of KINDS)
    seen[field] = await seenIds(database, access, table, [...new Set(report[field])]);
  return seen;
}

export function reportService(database: DatabaseHandle) {
  const figuresOf = chartFigures(database);

  const get = async (access: RequestAccess, id: string) =>
    found(await findReport(database, readerOf(access), id));

  /** A report names only what its author sees (another tenant's vehicle is refused like a typo). */
  const checkSelection = async (access: RequestAccess, input: ReportInput) => {
    for (const [field, table] of KINDS) {
      const named = [...new Set(input[field])];
      if ((await seenIds(database, access, table, named)).length !== named.length)
        throw new ApiError('validation', { fields: [{ field, key: 'chartSelectionUnseen' }] });
    }
  };

  /** The figures of a report over its period, in the reader's time setting and scope. */
  const data = async (
    access: RequestAccess,
    id: string,
    query: ChartDataQuery,
    now = Date.now(),
  ): Promise<{ report: Report; data: ReportData }> => {
    const stored = await get(access, id);
    const seen = await visibleSelection(database, access, stored);
    const operators = [
      ...new Set([
        ...seen.operator_ids,
        ...(await groupOperators(database, access, seen.operator_group_ids)),
      ]),
    ];
    const nothingLeft = operators.length + seen.vehicle_ids.length + seen.group_ids.length === 0;
    const chart: CountedChart = {
      id: stored.id,
      template: stored.template,
      operator_ids: operators,
      vehicle_ids: nothingLeft ? [NOTHING] : seen.vehicle_ids,
      group_ids: seen.group_ids,
    };
    const period = { ...resolveChartPeriod(stored, query.timesetting, now), timesetting: query.timesetting };
    const counted = await countChart({ database, figuresOf, access, chart, period, now });
    return { report: stored, data: { ...counted, hidden: stored.hidden } };
  };

  return {
    get,

    list: (access: RequestAccess, query: ReportListQuery) => listReports(database, readerOf(access), query),

    async create(access: RequestAccess, input: ReportInput) {
      await checkSelection(access, input);
      const { customerId, userId } = access.principal;
      return get(access, await insertReport(database, { customerId, userId }, input));
    },

    async update(access: RequestAccess, id: string, input: ReportInput) {
      const report = found(await findReport(database, readerOf(access), id, true));
      await checkSelection(access, input);
      await updateReport(database, { customerId: report.customer.id, id: report.id }, input);
      return get(access, report.id);
    },

    async remove(access: RequestAccess, id: string) {
      const report = found(await findReport(database, readerOf(access), id, true));
      await deleteReport(database, { customerId: report.customer.id, id: report.id });
      return { id: report.id };
    },

    async data(access: RequestAccess, id: string, query: ChartDataQuery, now = Date.now()) {
      return (await data(access, id, query, now)).data;
    },

    /** The report as a file; a PDF that cannot be drawn answers the spec's "Failed to create the PDF file." */
    async export(
      access: RequestAccess,
      id: string,
      format: ReportFormat,
      query: ChartDataQuery,
      lang: Language,
      log?: (error: unknown) => void,
    ) {
      const { report, data: figures } = await data(access, id, query);
      return exportReport({ report, data: figures, format, lang, timesetting: query.timesetting, log });
    },
  };
}
