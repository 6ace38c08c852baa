// The head of a card's pages: number, company, owner, group, status and the current operator.
import type { Rfid } from '@fleetlens/contracts';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportedTime } from '../../kernel/format';
import { RfidStatusTag } from './RfidsPage';

export function RfidCardSummary({ card }: { card: Rfid }) {
  const { t } = useTranslation('rfids');
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, md: 2 }}
      items={[
        { key: 'rfid', label: t('fields.rfid'), children: card.rfid },
        { key: 'customer', label: t('fields.customer'), children: card.customer.name },
        { key: 'owner', label: t('fields.owner'), children: card.owner },
        { key: 'group', label: t('fields.group'), children: card.group.name },
        { key: 'kitting', label: t('fields.kitting_id'), children: card.kitting_id },
        { key: 'created_by', label: t('fields.created_by'), children: card.created_by ?? '' },
        { key: 'status', label: t('fields.status'), children: <RfidStatusTag status={card.status} /> },
        {
          key: 'operator',
          label: t('fields.operator'),
          children: card.operator ? `${card.operator.operator_code} · ${card.operator.name}` : '',
        },
        { key: 'from', label: t('fields.assigned_from'), children: reportedTime(card.assigned_from) },
        {
          key: 'till',
          label: t('fields.assigned_till'),
          children: card.assigned_till ? reportedTime(card.assigned_till) : '',
        },
      ]}
    />
  );
}
