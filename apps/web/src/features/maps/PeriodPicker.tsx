// The time range of a track: from and to, to the minute, at most TRACK_MAX_DAYS apart (the
// server refuses longer), with the usual ranges one click away.
import { TRACK_MAX_DAYS } from '@fleetlens/contracts';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Period } from './api';

export type PeriodPickerProps = { value: Period; onChange: (period: Period) => void };

export const todayPeriod = (): Period => ({
  start: dayjs().startOf('day').toISOString(),
  end: dayjs().endOf('day').toISOString(),
});

export function PeriodPicker({ value, onChange }: PeriodPickerProps) {
  const { t } = useTranslation('maps');
  const day = (offset: number): [Dayjs, Dayjs] => [
    dayjs().add(offset, 'day').startOf('day'),
    dayjs().add(offset, 'day').endOf('day'),
  ];
  return (
    <DatePicker.RangePicker
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      allowClear={false}
      aria-label={t('period.label')}
      value={[dayjs(value.start), dayjs(value.end)]}
      presets={[
        { label: t('period.today'), value: day(0) },
        { label: t('period.yesterday'), value: day(-1) },
        { label: t('period.last24h'), value: [dayjs().subtract(24, 'hour'), dayjs()] },
        {
          label: t('period.last7d'),
          value: [dayjs().subtract(TRACK_MAX_DAYS, 'day').add(1, 'minute'), dayjs()],
        },
      ]}
      disabledDate={(current, info) => {
        const from = info?.from;
        return !!from && Math.abs(current.diff(from, 'day', true)) > TRACK_MAX_DAYS;
      }}
      onChange={(range) => {
        const [start, end] = range ?? [];
        if (start && end) onChange({ start: start.toISOString(), end: end.toISOString() });
      }}
    />
  );
}
