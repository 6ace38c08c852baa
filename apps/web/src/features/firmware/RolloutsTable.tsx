// The update log's columns: each rollout with its firmware, company, window, immediate flag, state,
// and its totals and finished counts (counted by the server from the per-device rows).
import { ROLLOUT_STATES, type Rollout } from '@fleetlens/contracts';
import { Progress, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { textColumn } from '../../shell/lists/columns';
import { type ListColumn, SWITCH_CODES } from '../../shell/lists/useColumnChoice';
import { localTime, ROLLOUT_COLOURS } from './words';

export function rolloutColumns(t: TFunction): ListColumn<Rollout>[] {
  return [
    textColumn(t('fields.file_name'), 'file', (r) => r.firmware.file_name, {
      alwaysShown: true,
      long: true,
      render: (_, r) => <Link to={`/firmwares/${r.id}/updated-status`}>{r.firmware.file_name}</Link>,
    }),
    textColumn(t('fields.device_type'), 'device_type', (r) => r.firmware.device_type),
    textColumn(t('fields.version'), 'version', (r) => String(r.firmware.version)),
    textColumn(t('fields.customer'), 'customer', (r) => r.customer.name),
    textColumn(t('fields.total_devices'), 'total_devices', (r) => String(r.total_devices)),
    textColumn(t('fields.finished_devices'), 'finished_devices', (r) => String(r.finished_devices), {
      render: (_, r) => (
        <span>
          {r.finished_devices} / {r.total_devices}{' '}
          <Progress
            percent={r.total_devices ? Math.round((r.finished_devices * 100) / r.total_devices) : 0}
            size="small"
            style={{ width: 80, display: 'inline-block', margin: 0 }}
            aria-label={t('fields.finished_devices')}
          />
        </span>
      ),
    }),
    textColumn(t('fields.starts_at'), 'starts_at', (r) => localTime(r.starts_at), { sorter: true }),
    textColumn(t('fields.ends_at'), 'ends_at', (r) => localTime(r.ends_at)),
    textColumn(t('fields.immediate'), 'immediate', (r) => (r.immediate ? t('yes') : t('no')), {
      codes: SWITCH_CODES,
    }),
    {
      title: t('fields.status'),
      key: 'status',
      render: (_, r) => <Tag color={ROLLOUT_COLOURS[r.status]}>{t(`rolloutStates.${r.status}`)}</Tag>,
      exportValue: (r) => t(`rolloutStates.${r.status}`),
      codes: ROLLOUT_STATES,
    },
  ];
}
