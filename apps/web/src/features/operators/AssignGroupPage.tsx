// /views/drivers/:id/assign-group: put one operator in a group of its company, or in none.
import { type Operator, operatorName, operatorResource, recordAddress } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EditPage } from '../../shell/forms/EditPage';
import { PickItem } from '../../shell/forms/PickItem';
import { assignGroup, fetchOperator, operatorKeys, useGroupOptions } from './api';

type Values = { group_id: string | null };

export function AssignGroupPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('operators');
  return (
    <EditPage<Values, Operator>
      load={{ queryKey: operatorKeys.one(id), queryFn: () => fetchOperator(id) }}
      toValues={(o) => ({ group_id: o.group?.id ?? null })}
      save={(values) => assignGroup(id, values.group_id ?? null)}
      // The operator's group shows in the operator's and the groups' lists alike.
      invalidate="all"
      back={recordAddress(operatorResource, 'detail', id)}
      cancelTo={-1}
      title={(o) => o && t('assignGroupTitle', { name: `${o.operator_code} ${operatorName(o)}` })}
    >
      {(o) => <GroupPicker customerId={o?.customer.id} />}
    </EditPage>
  );
}

function GroupPicker({ customerId }: { customerId: string | undefined }) {
  const { t } = useTranslation('operators');
  const options = useGroupOptions(customerId);
  return <PickItem name="group_id" label={t('fields.group')} options={options} none={t('noGroup')} />;
}
