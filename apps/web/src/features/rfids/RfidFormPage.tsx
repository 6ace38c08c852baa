// /rfid/new and /rfid/:id/edit: a card's number, company (on creation only), owner, operator
// group and kitting id. "RFID exists" and the other refusals of the server show under their field.
import { RFID_PATTERN, type RfidCreateBody } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, Row, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useFormSave } from '../../shell/lists/useFormSave';
import { QueryState } from '../../shell/QueryState';
import { ReadOnlyField } from '../../shell/ReadOnlyField';
import { CustomerField } from '../customers/CustomerField';
import { useGroupOptions } from '../operators/api';
import { createRfid, fetchRfid, rfidKeys, updateRfid } from './api';

export function RfidFormPage() {
  const { id } = useParams();
  const { t } = useTranslation(['rfids', 'validation']);
  const [form] = Form.useForm<RfidCreateBody>();
  const navigate = useNavigate();
  const existing = useQuery({
    queryKey: rfidKeys.one(id ?? ''),
    queryFn: () => fetchRfid(id ?? ''),
    enabled: !!id,
  });
  const chosen = Form.useWatch('customer_id', form);
  const groups = useGroupOptions(existing.data?.customer.id ?? chosen);
  useEffect(() => {
    const c = existing.data;
    if (c) form.setFieldsValue({ ...c, customer_id: c.customer.id, group_id: c.group.id });
  }, [existing.data, form]);
  const save = useFormSave({
    form,
    save: ({ customer_id, ...body }: RfidCreateBody) =>
      id ? updateRfid(id, body) : createRfid({ ...body, customer_id }),
    invalidate: rfidKeys.all,
    back: '/rfids',
  });
  if (id && !existing.data) return <QueryState query={existing} back="/rfids" />;
  const need = (key: string) => [{ required: true, whitespace: true, message: t(`validation:${key}`) }];
  return (
    <Form<RfidCreateBody>
      form={form}
      layout="vertical"
      onFinish={(values) => save.mutate(values)}
      scrollToFirstError
    >
      <Card size="small" title={t('sections.card')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="rfid"
              label={t('fields.rfid')}
              rules={[...need('rfidRequired'), { pattern: RFID_PATTERN, message: t('validation:rfid') }]}
            >
              <Input maxLength={64} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <CustomerField
              form={form}
              fixed={existing.data?.customer}
              requiredKey="customerRequired"
              label={t('fields.customer')}
              onChange={() => form.setFieldValue('group_id', undefined)}
            />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="owner" label={t('fields.owner')} rules={need('rfidOwnerRequired')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="group_id" label={t('fields.group')} rules={need('rfidGroupRequired')}>
              <Select showSearch optionFilterProp="label" options={groups} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="kitting_id" label={t('fields.kitting_id')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          {existing.data && (
            <Col xs={24} md={12}>
              <ReadOnlyField label={t('fields.created_by')} value={existing.data.created_by ?? ''} />
            </Col>
          )}
        </Row>
      </Card>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('actions.save')}
        </Button>
        <Button onClick={() => navigate('/rfids')}>{t('actions.cancel')}</Button>
      </Space>
    </Form>
  );
}
