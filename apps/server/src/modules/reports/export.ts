// A report as a file: PDF (pdf.ts), or its table as CSV or XLSX (platform/spreadsheets.ts, where
// every cell is neutralised and the sheet named as Excel allows). A PDF that cannot be drawn is
// logged with its cause and answered with the spec's "Failed to create the PDF file."
// (errors.reportPdfFailed).
import {
  type Language,
  localDateOf,
  localMinuteOf,
  type Report,
  type ReportData,
  type ReportFormat,
} from '@fleetlens/contracts';
import { ApiError } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n.ts';
import { csvOf, xlsxOf } from '../../platform/spreadsheets.ts';
import { reportPdf } from './pdf.ts';
import { reportTable } from './table.ts';

export const REPORT_MEDIA_TYPES: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface ReportFile {
  body: Buffer;
  type: string;
  name: string;
}

export async function exportReport(input: {
  report: Report;
  data: ReportData;
  format: ReportFormat;
  lang: Language;
  timesetting: number;
  /** Logs why a PDF failed (the request's logger). */
  log?: (error: unknown) => void;
}): Promise<ReportFile> {
  const { report, data, format, lang, timesetting } = input;
  const name = `${report.name}.${format}`;
  const table = reportTable(data, lang);
  if (format === 'csv') return { body: csvOf(table), type: REPORT_MEDIA_TYPES.csv, name };
  if (format === 'xlsx')
    return { body: await xlsxOf(table, report.name), type: REPORT_MEDIA_TYPES.xlsx, name };
  const start = Date.parse(data.start);
  const lastDay = localDateOf(Date.parse(data.end) - 1, timesetting);
  const period = `${translate(lang, 'report', `periods.${report.period}`)} (${localDateOf(start, timesetting)} – ${lastDay})`;
  try {
    const body = await reportPdf({
      report,
      data,
      lang,
      periodText: period,
      generatedText: localMinuteOf(Date.now(), timesetting),
      updatedText: localMinuteOf(Date.parse(report.updated_at), timesetting),
    });
    return { body, type: REPORT_MEDIA_TYPES.pdf, name };
  } catch (error) {
    input.log?.(error);
    throw new ApiError('internal', { messageKey: 'reportPdfFailed' });
  }
}
