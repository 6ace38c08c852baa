// Creates or edits an operator group (name, description; the company on creation only).
import {
  type OperatorGroup,
  type OperatorGroupCreateBody,
  operatorGroupCreateSchema,
} from '@fleetlens/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditDialog } from '../../shell/forms/EditDialog';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { CustomerField } from '../customers/CustomerField';
import { createGroup, groupKeys, updateGroup } from './api';

export type GroupFormModalProps = {
  /** The group to edit; null for a new one; undefined while closed. */
  group: OperatorGroup | null | undefined;
  onClose: () => void;
};

export function GroupFormModal({ group, onClose }: GroupFormModalProps) {
  const { t } = useTranslation('operators');
  const [form] = Form.useForm<OperatorGroupCreateBody>();
  const fields = useFieldRules(operatorGroupCreateSchema.shape);
  return (
    <EditDialog<OperatorGroupCreateBody>
      form={form}
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
      <CustomerField
        form={form}
        fixed={group?.customer ?? undefined}
        rules={fields.rules('customer_id')}
        label={t('fields.customer')}
      />
      <Form.Item name="name" label={t('groups.name')} rules={fields.rules('name')}>
        <Input maxLength={fields.maxLength('name')} />
      </Form.Item>
      <Form.Item name="description" label={t('groups.description')} rules={fields.rules('description')}>
        <Input.TextArea rows={3} maxLength={fields.maxLength('description')} />
      </Form.Item>
    </EditDialog>
  );
}
