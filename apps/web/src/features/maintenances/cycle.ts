// How a plan's cycle and warning read in a list: "500 operating hours, or 1 year" (the calendar
// cycle beside a meter cycle, whichever comes first).
import type { CycleUnit, Maintenance } from '@fleetlens/contracts';
import type { TFunction } from 'i18next';

export const spanText = (t: TFunction, value: number, unit: CycleUnit) =>
  t(`units.${unit}`, { count: value });

export function cycleText(t: TFunction, plan: Maintenance): string {
  const meter = spanText(t, plan.cycle_value, plan.cycle_unit);
  return plan.calendar_unit && plan.calendar_value !== null
    ? t('cycleEither', { meter, calendar: spanText(t, plan.calendar_value, plan.calendar_unit) })
    : meter;
}

/** Operating hours as a list shows them ("12.5 h"); none: "—". */
export const hoursText = (t: TFunction, hours: number | null) =>
  hours === null ? '—' : t('hours', { hours: Math.round(hours * 10) / 10 });
