// The words of the fuel figures: a number in the language's own way, an unusual figure as a
// sentence ("3.9 L/h against a 90-day median of 6.4, −39 %"), a report line's subject and part.
import type { FuelAnomaly, FuelReportRow } from '@fleetlens/contracts';
import type { TFunction } from 'i18next';

export const numberIn = (lang: string) => new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });

/** Why a figure is unusual, in words and in the language's numbers. */
export function explainAnomaly(anomaly: FuelAnomaly, t: TFunction, lang: string): string {
  const number = numberIn(lang);
  const percent = new Intl.NumberFormat(lang, {
    style: 'percent',
    signDisplay: 'always',
    maximumFractionDigits: 0,
  });
  return t('anomaly.explain', {
    value: number.format(anomaly.l_per_h),
    median: number.format(anomaly.median),
    days: anomaly.days,
    deviation: percent.format(anomaly.deviation),
  });
}

/** A line's subject as the table names it: a vehicle, a group (or none), an operator, the fleet. */
export function subjectOf(row: FuelReportRow, t: TFunction): string {
  if (row.subject === 'fleet') return t('subject.fleet');
  if (row.subject === 'group' && row.id === '') return t('subject.noGroup');
  return row.name;
}
