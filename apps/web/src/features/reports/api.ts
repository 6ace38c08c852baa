// The reports' calls (server modules/reports) and their query keys. A report's figures are keyed
// under its id; its files are downloaded as the server draws them, in the user's language.
import type {
  ListParamsOf,
  Report,
  ReportBody,
  ReportData,
  ReportFormat,
  reportListQuerySchema,
} from '@fleetlens/contracts';
import { api, downloadFile } from '../../api/client';
import { resourceApi } from '../../api/resource';
import { browserTimesetting } from '../drive-summary/format';

export type ReportListParams = ListParamsOf<typeof reportListQuerySchema>;

export const reports = resourceApi<Report, ReportListParams, ReportBody, ReportBody>('/reports');
export const { keys: reportKeys, one: fetchReport, create: createReport, update: updateReport } = reports;

export const reportDataKey = (id: string) => [...reportKeys.all, 'data', id] as const;
export const fetchReportData = (id: string) =>
  api.get<ReportData>(reports.path(id, '/data'), {
    query: { timesetting: browserTimesetting() },
    quiet: true,
  });

/** PDF drawing takes a few seconds on a busy server: more time than an ordinary call. */
const EXPORT_TIMEOUT_MS = 60_000;

export const downloadReport = (report: Pick<Report, 'id' | 'name'>, format: ReportFormat) =>
  downloadFile(reports.path(report.id, `/export/${format}`), `${report.name}.${format}`, {
    query: { timesetting: browserTimesetting() },
    timeoutMs: EXPORT_TIMEOUT_MS,
  });
