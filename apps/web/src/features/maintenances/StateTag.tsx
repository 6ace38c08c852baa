// A vehicle's maintenance state as a coloured tag (ok, warning, due, overdue), and the columns
// the lists of assignments show it in.
import { MAINTENANCE_STATES, type MaintenanceState } from '@fleetlens/contracts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { reportedTime } from '../../kernel/format';
import { textColumn } from '../../shell/lists/columns';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import type { MaintenanceVehicleRow } from './api';
import { hoursText } from './cycle';

const COLORS: Record<MaintenanceState, string> = {
  ok: 'success',
  warning: 'warning',
  due: 'orange',
  overdue: 'error',
};

export function StateTag({ state }: { state: MaintenanceState }) {
  const { t } = useTranslation('maintenances');
  return <Tag color={COLORS[state]}>{t(`states.${state}`)}</Tag>;
}

/** The columns of an assignment's state in a list: the state, the hours left and the due time. */
export const stateColumns = (t: TFunction): ListColumn<MaintenanceVehicleRow>[] => [
  {
    title: t('fields.state'),
    key: 'state',
    sorter: true,
    render: (_, a) => <StateTag state={a.state} />,
    exportValue: (a) => t(`states.${a.state}`),
    codes: MAINTENANCE_STATES,
  },
  textColumn(t('fields.hours_left'), 'hours_left', (a) => hoursText(t, a.hours_left), { align: 'right' }),
  textColumn(t('fields.due_at'), 'due_at', (a) => reportedTime(a.due_at), { sorter: true }),
];
