// /views/drivers/:id/assign-group: put one operator in a group of its company, or in none.
import { operatorName } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useFormSave } from '../../shell/lists/useFormSave';
import { QueryState } from '../../shell/QueryState';
import { assignGroup, fetchOperator, operatorKeys, useGroupOptions } from './api';

type Values = { group_id: string | null };

export function AssignGroupPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('operators');
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const operator = useQuery({ queryKey: operatorKeys.one(id), queryFn: () => fetchOperator(id) });
  const o = operator.data;
  const options = useGroupOptions(o?.customer.id);
  useEffect(() => {
    if (o) form.setFieldsValue({ group_id: o.group?.id ?? null });
  }, [o, form]);
  const save = useFormSave({
    form,
    save: (values: Values) => assignGroup(id, values.group_id ?? null),
    invalidate: [],
    back: `/drivers/${id}/detail`,
  });
  if (!o) return <QueryState query={operator} back="/drivers" />;
  return (
    <Card size="small" title={t('assignGroupTitle', { name: `${o.operator_code} ${operatorName(o)}` })}>
      <Form<Values> form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
        <Form.Item name="group_id" label={t('fields.group')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            options={options}
            placeholder={t('noGroup')}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('actions.save')}
          </Button>
          <Button onClick={() => navigate(-1)}>{t('actions.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
