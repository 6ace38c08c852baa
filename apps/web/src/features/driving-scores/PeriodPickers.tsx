// The period of a score screen: the month, week or day of the route's timing, and a manual range
// beside it (choosing one switches the screen to that range; clearing it switches back).
import type { DrivingScoreQuery } from '@fleetlens/contracts';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { daysOf, type FixedTiming } from './selection';

export type PeriodChange = Record<'period' | 'start' | 'end', string | undefined>;

export type PeriodPickersProps = {
  timing: FixedTiming;
  query: DrivingScoreQuery;
  onChange: (change: PeriodChange) => void;
  /** Offer the manual range (the lists); an operator's page keeps the timing it was opened with. */
  manual?: boolean;
};

const PICKER = { monthly: 'month', weekly: 'week', daily: 'date' } as const;

export function PeriodPickers({ timing, query, onChange, manual = true }: PeriodPickersProps) {
  const { t } = useTranslation('driving-scores');
  const days = daysOf(query);
  const fixed = query.timing !== 'manual';
  return (
    <>
      <DatePicker
        picker={PICKER[timing]}
        allowClear={false}
        aria-label={t(`period.${timing}`)}
        placeholder={t(`period.${timing}`)}
        value={fixed && days.from ? dayjs(days.from) : null}
        onChange={(day) =>
          day &&
          onChange({
            period: day.format(timing === 'monthly' ? 'YYYY-MM' : 'YYYY-MM-DD'),
            start: undefined,
            end: undefined,
          })
        }
      />
      {manual && (
        <DatePicker.RangePicker
          aria-label={t('period.manual')}
          placeholder={[t('period.from'), t('period.to')]}
          value={!fixed && query.start && query.end ? [dayjs(query.start), dayjs(query.end)] : null}
          onChange={(range) => {
            const [from, to] = range ?? [];
            onChange({
              period: undefined,
              start: from ? from.format('YYYY-MM-DD') : undefined,
              end: to ? to.format('YYYY-MM-DD') : undefined,
            });
          }}
        />
      )}
    </>
  );
}
