// /manufacturers/new and /manufacturers/:id/edit: a vehicle vendor's customer, name and
// description. A name the customer already uses comes back from the server under its field.
import type { ManufacturerBody } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useFormSave } from '../../shell/lists/useFormSave';
import { QueryState } from '../../shell/QueryState';
import { CustomerField } from '../customers/CustomerField';
import { createManufacturer, fetchManufacturer, manufacturerKeys, updateManufacturer } from './api';

export function ManufacturerFormPage() {
  const { id } = useParams();
  const { t } = useTranslation(['vehicles', 'validation']);
  const [form] = Form.useForm<ManufacturerBody>();
  const navigate = useNavigate();
  const existing = useQuery({
    queryKey: manufacturerKeys.one(id ?? ''),
    queryFn: () => fetchManufacturer(id ?? ''),
    enabled: !!id,
  });
  useEffect(() => {
    if (existing.data) form.setFieldsValue(existing.data);
  }, [existing.data, form]);

  const save = useFormSave({
    form,
    save: ({ customer_id, name, description = '' }: ManufacturerBody) =>
      id
        ? updateManufacturer(id, { name, description })
        : createManufacturer({ customer_id, name, description }),
    invalidate: manufacturerKeys.all,
    back: '/manufacturers',
  });
  if (id && !existing.data) return <QueryState query={existing} back="/manufacturers" />;

  return (
    <Form<ManufacturerBody>
      form={form}
      layout="vertical"
      onFinish={save.mutate}
      scrollToFirstError
      style={{ maxWidth: 720 }}
    >
      <Card size="small" style={{ marginBottom: 16 }}>
        <CustomerField form={form} fixed={existing.data?.customer} requiredKey="masterCustomerRequired" />
        <Form.Item
          name="name"
          label={t('fields.name')}
          rules={[{ required: true, whitespace: true, message: t('validation:vendorNameRequired') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')}>
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
      </Card>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('actions.save')}
        </Button>
        <Button onClick={() => navigate('/manufacturers')}>{t('actions.cancel')}</Button>
      </Space>
    </Form>
  );
}
