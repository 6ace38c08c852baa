// The words of the fuel figures: a number in the language's own way, an unusual figure as a
// sentence ("3.9 L/h against a 90-day median of 6.4, −39 %": the contracts' report catalogue and
// numbers, which the server's export writes too), a report line's subject and part.
import {
  FUEL_ANOMALY_KEY,
  type FuelAnomaly,
  type FuelReportRow,
  fuelAnomalyParams,
  fuelNumberIn,
} from '@fleetlens/contracts';
import type { TFunction } from 'i18next';

export const numberIn = fuelNumberIn;

/** Why a figure is unusual, in words and in the language's numbers. */
export function explainAnomaly(anomaly: FuelAnomaly, t: TFunction, lang: string): string {
  return t(`report:${FUEL_ANOMALY_KEY}`, fuelAnomalyParams(anomaly, lang));
}

/** A line's subject as the table names it: a vehicle, a group (or none), an operator, the fleet. */
export function subjectOf(row: FuelReportRow, t: TFunction): string {
  if (row.subject === 'fleet') return t('subject.fleet');
  if (row.subject === 'group' && row.id === '') return t('subject.noGroup');
  return row.name;
}
