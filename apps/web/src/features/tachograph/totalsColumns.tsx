// The columns of a day's totals, shared by the list (one row per subject) and the driving history
// (one row per day): driving, idle, rest, the fastest sample and the marks against the limits.
import type { TachographTotals } from '@fleetlens/contracts';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { hoursMinutes } from './format';

export function totalsColumns<T extends { totals: TachographTotals }>(t: TFunction): ColumnsType<T> {
  return [
    { key: 'driving', title: t('totals.driving'), render: (_, r) => hoursMinutes(r.totals.driving_s) },
    { key: 'idle', title: t('totals.idle'), render: (_, r) => hoursMinutes(r.totals.idle_s) },
    { key: 'rest', title: t('totals.rest'), render: (_, r) => hoursMinutes(r.totals.rest_s) },
    {
      key: 'maxSpeed',
      title: t('totals.maxSpeed'),
      render: (_, r) => `${r.totals.max_speed_kmh.toFixed(1)} km/h`,
    },
    {
      key: 'marks',
      title: t('totals.marks'),
      render: (_, r) => (
        <>
          {r.totals.over_speed_count > 0 && (
            <Tag color="red">{t('marks.overSpeed', { count: r.totals.over_speed_count })}</Tag>
          )}
          {r.totals.continuous_driving_count > 0 && (
            <Tag color="orange">{t('marks.continuous', { count: r.totals.continuous_driving_count })}</Tag>
          )}
        </>
      ),
    },
  ];
}
