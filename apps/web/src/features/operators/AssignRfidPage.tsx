// /drivers/:id/assign-rfid: the card an operator holds, its removal, and the choice of a free
// card of the operator's company. One operator holds at most one card at a time.
import { operatorName } from '@fleetlens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Popconfirm, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { showFieldErrors } from '../../api/formErrors';
import { QueryState } from '../../shell/QueryState';
import { assignRfid, fetchRfids, removeRfid } from '../rfids/api';
import { fetchOperator, operatorKeys } from './api';
import { localTime } from './format';

export function AssignRfidPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['operators', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ rfid_id: string }>();
  const [search, setSearch] = useState('');
  const queryClient = useQueryClient();
  const operator = useQuery({ queryKey: operatorKeys.one(id), queryFn: () => fetchOperator(id) });
  const o = operator.data;
  const free = useQuery({
    queryKey: ['rfids', 'free', o?.customer.id, search],
    queryFn: () =>
      fetchRfids({
        customer_id: o?.customer.id,
        status: 'not_assigned',
        filter: search,
        perPage: 50,
        order_by: 'rfid',
      }),
    enabled: !!o,
  });
  const done = async (text: string) => {
    message.success(text);
    form.resetFields();
    await queryClient.invalidateQueries();
  };
  const assign = useMutation({
    mutationFn: (values: { rfid_id: string }) => assignRfid(values.rfid_id, id),
    onSuccess: () => done(t('rfidAssigned')),
    onError: (error) => showFieldErrors(form, error, () => 'rfid_id'),
  });
  const remove = useMutation({
    mutationFn: (rfidId: string) => removeRfid(rfidId),
    onSuccess: () => done(t('rfidRemoved')),
  });
  if (!o) return <QueryState query={operator} back="/drivers" />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title={t('assignRfidTitle', { name: `${o.operator_code} ${operatorName(o)}` })}>
        {o.rfid ? (
          <Space wrap>
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'rfid', label: t('fields.rfid'), children: o.rfid.rfid },
                { key: 'from', label: t('fields.assigned_from'), children: localTime(o.rfid.assigned_from) },
              ]}
            />
            <Popconfirm title={t('confirmRemoveRfid')} onConfirm={() => o.rfid && remove.mutate(o.rfid.id)}>
              <Button danger loading={remove.isPending}>
                {t('actions.removeRfid')}
              </Button>
            </Popconfirm>
            <Link to={`/rfid/${o.rfid.id}/history`}>{t('actions.history')}</Link>
          </Space>
        ) : (
          <Form form={form} layout="vertical" onFinish={(values) => assign.mutate(values)}>
            <Form.Item
              name="rfid_id"
              label={t('fields.rfid')}
              extra={t('freeCardsOnly')}
              rules={[{ required: true, message: t('validation:rfidRequired') }]}
            >
              <Select
                showSearch
                filterOption={false}
                onSearch={setSearch}
                loading={free.isFetching}
                options={(free.data?.list ?? []).map((c) => ({
                  value: c.id,
                  label: `${c.rfid} · ${c.owner}`,
                }))}
                notFoundContent={t('noFreeCards')}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={assign.isPending}>
              {t('actions.assign')}
            </Button>
          </Form>
        )}
      </Card>
    </Space>
  );
}
