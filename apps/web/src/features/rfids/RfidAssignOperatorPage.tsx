// /rfid/:rfid/assign-operator: give the card to an operator of its company, or remove it from
// the operator who holds it. Both sides hold one at a time: the server refuses a card or an
// operator that is taken, with its message under the field.
import { listAddress, operatorName, rfidAssignSchema, rfidResource } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { QueryState } from '../../shell/QueryState';
import { fetchOperators } from '../operators/api';
import { assignRfid, fetchRfid, removeRfid, rfidKeys } from './api';
import { CardAssignment } from './CardAssignment';
import { RfidCardSummary } from './RfidCardSummary';

export function RfidAssignOperatorPage() {
  const { rfid: id = '' } = useParams();
  const { t } = useTranslation('rfids');
  const fields = useFieldRules(rfidAssignSchema.shape);
  const cardQuery = useQuery({ queryKey: rfidKeys.one(id), queryFn: () => fetchRfid(id) });
  const card = cardQuery.data;
  if (!card) return <QueryState query={cardQuery} back={listAddress(rfidResource)} record />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <RfidCardSummary card={card} />
      <Card size="small" title={t('assignTitle')}>
        <CardAssignment
          assigned={!!card.operator}
          removal={{
            confirm: t('confirmRemove', { name: card.operator?.name }),
            text: t('actions.remove'),
            remove: () => removeRfid(id),
            removedText: t('removed'),
          }}
          picker={{
            name: 'operator_id',
            label: t('fields.operator'),
            rules: fields.rules('operator_id'),
            queryKey: ['operators', 'pick', card.customer.id],
            find: async (filter) => {
              const found = await fetchOperators({
                customer_id: card.customer.id,
                filter,
                perPage: 50,
                order_by: 'operator_code',
              });
              return found.list.map((o) => ({
                value: o.id,
                label: `${o.operator_code} · ${operatorName(o)}${o.rfid ? ` (${o.rfid.rfid})` : ''}`,
              }));
            },
          }}
          assign={(operatorId) => assignRfid(id, operatorId)}
          assignText={t('actions.assign')}
          assignedText={t('assigned')}
        />
      </Card>
      <Link to={`/rfid/${card.id}/history`}>{t('actions.history')}</Link>
    </Space>
  );
}
