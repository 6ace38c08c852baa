// The figures the vehicles' devices report for an operator (continuous safe driving time, total
// uptime, last operating date): read-only, and "—" until a device has reported them.
import type { Operator } from '@fleetlens/contracts';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportedTime } from '../../kernel/format';
import { duration } from './format';

export function OperatorFigures({ operator }: { operator: Operator }) {
  const { t } = useTranslation('operators');
  const units = { h: t('units.h'), m: t('units.m') };
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 3 }}
      items={[
        {
          key: 'safe',
          label: t('fields.safe_driving'),
          children: duration(operator.safe_driving_seconds, units),
        },
        {
          key: 'uptime',
          label: t('fields.total_uptime'),
          children: duration(operator.total_uptime_seconds, units),
        },
        {
          key: 'last',
          label: t('fields.last_operated_at'),
          children: reportedTime(operator.last_operated_at),
        },
      ]}
    />
  );
}
