// A SIM's status, and the change still with the carrier when there is one (spec §4).
import type { Sim } from '@fleetlens/contracts';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<Sim['status'], string> = {
  inactive: 'default',
  active: 'success',
  suspended: 'warning',
};

export type SimStatusTagProps = { sim: Pick<Sim, 'status' | 'pending_action'> };

export function SimStatusTag({ sim }: SimStatusTagProps) {
  const { t } = useTranslation('cases');
  return (
    <Space size={4} wrap>
      <Tag color={COLOURS[sim.status]}>{t(`simStatus.${sim.status}`)}</Tag>
      {sim.pending_action && <Tag color="processing">{t(`simPending.${sim.pending_action}`)}</Tag>}
    </Space>
  );
}
