// A vehicle's maintenance state as a coloured tag: ok, warning, due, overdue.
import type { MaintenanceState } from '@fleetlens/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

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
