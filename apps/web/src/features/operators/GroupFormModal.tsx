// Creates or edits an operator group (name, description; the company on creation only).
import {
  type OperatorGroup,
  type OperatorGroupCreateBody,
  operatorGroupCreateSchema,
} from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { EditDialog } from '../../shell/forms/EditDialog';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { NamedRecordFields } from '../customers/NamedRecordFields';
import { createGroup, groupKeys, updateGroup } from './api';

export type GroupFormModalProps = {
  /** The group to edit; null for a new one; undefined while closed. */
  group: OperatorGroup | null | undefined;
  onClose: () => void;
};

export function GroupFormModal({ group, onClose }: GroupFormModalProps) {
  const { t } = useTranslation('operators');
  const fields = useFieldRules(operatorGroupCreateSchema.shape);
  return (
    <EditDialog<OperatorGroupCreateBody>
      open={group !== undefined}
      title={group ? t('groups.edit') : t('groups.new')}
      values={
        group
          ? { name: group.name, description: group.description, customer_id: group.customer.id }
          : undefined
      }
      onClose={onClose}
      save={({ customer_id, ...body }) =>
        group ? updateGroup(group.id, body) : createGroup({ ...body, customer_id })
      }
      invalidate={groupKeys.all}
    >
      <NamedRecordFields
        fields={fields}
        fixed={group?.customer}
        labels={{
          customer: t('fields.customer'),
          name: t('groups.name'),
          description: t('groups.description'),
        }}
      />
    </EditDialog>
  );
}
