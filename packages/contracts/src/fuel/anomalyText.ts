// Why a fuel figure is unusual, as one sentence in the user's language ("3.9 L/h against a 90-day
// median of 6.4, −39 %"): the sentence is the report catalogue's `fuelAnomaly` (locales/<lang>/
// report.json) and its numbers are written here in the language's own way, so the report's page
// and its export (written on the server) say the same thing.
import type { FuelAnomaly } from './fuel.ts';

/** The catalogue key of the sentence, in the `report` namespace. */
export const FUEL_ANOMALY_KEY = 'fuelAnomaly';

/** A figure as the language writes it: at most two decimals. */
export const fuelNumberIn = (lang: string) => new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });

/** The sentence's values in `lang`: the L/h, the median, the days and the signed percentage. */
export function fuelAnomalyParams(
  anomaly: Pick<FuelAnomaly, 'l_per_h' | 'median' | 'days' | 'deviation'>,
  lang: string,
) {
  const number = fuelNumberIn(lang);
  const percent = new Intl.NumberFormat(lang, {
    style: 'percent',
    signDisplay: 'always',
    maximumFractionDigits: 0,
  });
  return {
    value: number.format(anomaly.l_per_h),
    median: number.format(anomaly.median),
    days: anomaly.days,
    deviation: percent.format(anomaly.deviation),
  };
}
