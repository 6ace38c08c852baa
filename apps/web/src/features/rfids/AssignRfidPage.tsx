// /drivers/:id/assign-rfid: the card an operator holds, its removal, and the choice of a free
// card of the operator's company. One operator holds at most one card at a time. The cards'
// feature holds both sides of an assignment (RfidAssignOperatorPage is the other).
import { listAddress, operatorName, operatorResource, rfidAssignSchema } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { reportedTime } from '../../kernel/format';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { QueryState } from '../../shell/QueryState';
import { fetchOperator, operatorKeys } from '../operators/api';
import { assignRfid, fetchRfids, removeRfid } from './api';
import { CardAssignment } from './CardAssignment';

// The picker names a card; its required message is the card's own ("choose a card").
const PICK = { rfid_id: rfidAssignSchema.shape.operator_id };

export function AssignRfidPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['operators', 'validation']);
  const fields = useFieldRules(PICK);
  const operator = useQuery({ queryKey: operatorKeys.one(id), queryFn: () => fetchOperator(id) });
  const o = operator.data;
  if (!o) return <QueryState query={operator} back={listAddress(operatorResource)} record />;
  return (
    <Card size="small" title={t('assignRfidTitle', { name: `${o.operator_code} ${operatorName(o)}` })}>
      <CardAssignment
        assigned={!!o.rfid}
        current={
          o.rfid && (
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'rfid', label: t('fields.rfid'), children: o.rfid.rfid },
                {
                  key: 'from',
                  label: t('fields.assigned_from'),
                  children: reportedTime(o.rfid.assigned_from),
                },
              ]}
            />
          )
        }
        extra={o.rfid && <Link to={`/rfid/${o.rfid.id}/history`}>{t('actions.history')}</Link>}
        removal={{
          confirm: t('confirmRemoveRfid'),
          text: t('actions.removeRfid'),
          remove: async () => o.rfid && removeRfid(o.rfid.id),
          removedText: t('rfidRemoved'),
        }}
        picker={{
          name: 'rfid_id',
          label: t('fields.rfid'),
          rules: fields.rules('rfid_id', { required: 'rfidRequired' }),
          queryKey: ['rfids', 'free', o.customer.id],
          find: async (filter) => {
            const params = {
              customer_id: o.customer.id,
              status: 'not_assigned',
              filter,
              perPage: 50,
            } as const;
            const free = await fetchRfids({ ...params, order_by: 'rfid' });
            return free.list.map((c) => ({ value: c.id, label: `${c.rfid} · ${c.owner}` }));
          },
          help: t('freeCardsOnly'),
          notFound: t('noFreeCards'),
        }}
        assign={(rfidId) => assignRfid(rfidId, id)}
        assignText={t('actions.assign')}
        assignedText={t('rfidAssigned')}
        allUnderPicker
      />
    </Card>
  );
}
