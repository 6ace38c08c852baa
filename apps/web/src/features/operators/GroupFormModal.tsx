// Creates or edits an operator group (name, description; the company on creation only).
import type { OperatorGroup, OperatorGroupCreateBody } from '@fleetlens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../../api/formErrors';
import { CustomerField } from '../customers/CustomerField';
import { createGroup, groupKeys, updateGroup } from './api';

export type GroupFormModalProps = {
  /** The group to edit; null for a new one; undefined while closed. */
  group: OperatorGroup | null | undefined;
  onClose: () => void;
};

export function GroupFormModal({ group, onClose }: GroupFormModalProps) {
  const { t } = useTranslation(['operators', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<OperatorGroupCreateBody>();
  const open = group !== undefined;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (group)
      form.setFieldsValue({
        name: group.name,
        description: group.description,
        customer_id: group.customer.id,
      });
  }, [open, group, form]);
  const save = useMutation({
    mutationFn: ({ customer_id, ...body }: OperatorGroupCreateBody) =>
      group ? updateGroup(group.id, body) : createGroup({ ...body, customer_id }),
    onSuccess: async () => {
      message.success(t('shell:form.saved'));
      await queryClient.invalidateQueries({ queryKey: groupKeys.all });
      onClose();
    },
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <Modal
      open={open}
      title={group ? t('groups.edit') : t('groups.new')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
        <CustomerField
          form={form}
          fixed={group?.customer}
          requiredKey="customerRequired"
          label={t('fields.customer')}
        />
        <Form.Item
          name="name"
          label={t('groups.name')}
          rules={[{ required: true, whitespace: true, message: t('validation:operatorGroupNameRequired') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label={t('groups.description')}>
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
