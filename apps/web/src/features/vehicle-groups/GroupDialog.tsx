// The dialog that creates or edits a vehicle group: its customer (fixed once created), name and
// description. The server's refusals (a name in use) show under their fields.
import type { VehicleGroup, VehicleGroupBody } from '@fleetlens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../../api/formErrors';
import { CustomerField } from '../customers/CustomerField';
import { createVehicleGroup, updateVehicleGroup, vehicleGroupKeys } from './api';

export type GroupDialogProps = {
  /** The group edited; null for a new one. */
  group: VehicleGroup | null;
  open: boolean;
  onClose: () => void;
};

export function GroupDialog({ group, open, onClose }: GroupDialogProps) {
  const { t } = useTranslation(['vehicles', 'validation', 'shell']);
  const { message } = App.useApp();
  const [form] = Form.useForm<VehicleGroupBody>();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (group) form.setFieldsValue({ name: group.name, description: group.description });
  }, [open, group, form]);
  const save = useMutation({
    mutationFn: ({ customer_id, name, description = '' }: VehicleGroupBody) =>
      group
        ? updateVehicleGroup(group.id, { name, description })
        : createVehicleGroup({ customer_id, name, description }),
    onSuccess: async () => {
      message.success(t('shell:form.saved'));
      await queryClient.invalidateQueries({ queryKey: vehicleGroupKeys.all });
      onClose();
    },
    onError: (error) => showFieldErrors(form, error),
  });

  return (
    <Modal
      open={open}
      title={group ? t('groups.editTitle') : t('groups.newTitle')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<VehicleGroupBody> form={form} layout="vertical" onFinish={save.mutate}>
        <CustomerField form={form} fixed={group?.customer} requiredKey="masterCustomerRequired" />
        <Form.Item
          name="name"
          label={t('fields.name')}
          rules={[{ required: true, whitespace: true, message: t('validation:vehicleGroupNameRequired') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')}>
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
