// A report's figures as one table, in the reader's language: the rows of its chart (one per
// interval, vehicle, operator or state) and a column per series. The PDF prints it under the
// chart; CSV and XLSX are this table alone.
import type { Language, ReportData } from '@fleetlens/contracts';
import { translate } from '../../platform/i18n.ts';

export type Cell = string | number | null;
export interface ReportTable {
  columns: string[];
  rows: Cell[][];
}

/** An interval start (local ISO with offset) as its day, or its day and hour. */
const intervalText = (start: string, axis: ReportData['axis']) =>
  axis === 'hour' ? `${start.slice(0, 10)} ${start.slice(11, 16)}` : start.slice(0, 10);

export function reportTable(data: ReportData, lang: Language): ReportTable {
  const t = (key: string) => translate(lang, 'report', key);
  const unit = t(`units.${data.unit}`);
  const first = data.axis === 'state' ? t('state') : data.axis === 'subject' ? t('subject') : t('time');
  const many = data.series.length > 1;
  const columns = [
    first,
    ...data.series.map((s) => (many || s.key !== 'value' ? t(`types.${s.key}`) : unit)),
  ];
  const rows = data.categories.map((category, i): Cell[] => [
    data.axis === 'state'
      ? t(`states.${category}`)
      : data.axis === 'subject'
        ? category
        : intervalText(category, data.axis),
    ...data.series.map((s) => s.values[i] ?? null),
  ]);
  return { columns, rows };
}
