// /rfid/:rfid/assign-operator: give the card to an operator of its company, or remove it from
// the operator who holds it. Both sides hold one at a time: the server refuses a card or an
// operator that is taken, with its message under the field.
import { operatorName } from '@fleetlens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Popconfirm, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { showFieldErrors } from '../../api/formErrors';
import { QueryState } from '../../shell/QueryState';
import { fetchOperators } from '../operators/api';
import { assignRfid, fetchRfid, removeRfid, rfidKeys } from './api';
import { RfidCardSummary } from './RfidCardSummary';

export function RfidAssignOperatorPage() {
  const { rfid: id = '' } = useParams();
  const { t } = useTranslation(['rfids', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ operator_id: string }>();
  const [search, setSearch] = useState('');
  const queryClient = useQueryClient();
  const cardQuery = useQuery({ queryKey: rfidKeys.one(id), queryFn: () => fetchRfid(id) });
  const card = cardQuery.data;
  const operators = useQuery({
    queryKey: ['operators', 'pick', card?.customer.id, search],
    queryFn: () =>
      fetchOperators({
        customer_id: card?.customer.id,
        filter: search,
        perPage: 50,
        order_by: 'operator_code',
      }),
    enabled: !!card && card.status === 'not_assigned',
  });
  const done = async (text: string) => {
    message.success(text);
    form.resetFields();
    await queryClient.invalidateQueries();
  };
  const assign = useMutation({
    mutationFn: (values: { operator_id: string }) => assignRfid(id, values.operator_id),
    onSuccess: () => done(t('assigned')),
    onError: (error) => showFieldErrors(form, error),
  });
  const remove = useMutation({ mutationFn: () => removeRfid(id), onSuccess: () => done(t('removed')) });
  if (!card) return <QueryState query={cardQuery} back="/rfids" />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <RfidCardSummary card={card} />
      <Card size="small" title={t('assignTitle')}>
        {card.operator ? (
          <Popconfirm
            title={t('confirmRemove', { name: card.operator.name })}
            onConfirm={() => remove.mutate()}
          >
            <Button danger loading={remove.isPending}>
              {t('actions.remove')}
            </Button>
          </Popconfirm>
        ) : (
          <Form form={form} layout="vertical" onFinish={(values) => assign.mutate(values)}>
            <Form.Item
              name="operator_id"
              label={t('fields.operator')}
              rules={[{ required: true, message: t('validation:operatorSelectionRequired') }]}
            >
              <Select
                showSearch
                filterOption={false}
                onSearch={setSearch}
                loading={operators.isFetching}
                options={(operators.data?.list ?? []).map((o) => ({
                  value: o.id,
                  label: `${o.operator_code} · ${operatorName(o)}${o.rfid ? ` (${o.rfid.rfid})` : ''}`,
                }))}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={assign.isPending}>
              {t('actions.assign')}
            </Button>
          </Form>
        )}
      </Card>
      <Link to={`/rfid/${card.id}/history`}>{t('actions.history')}</Link>
    </Space>
  );
}
