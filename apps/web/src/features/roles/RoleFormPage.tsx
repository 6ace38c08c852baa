// /roles/new and /roles/:id/edit: a role's company (fixed once created), name, description and
// its privileges. A change reaches signed-in users at their next call. Only privileges the editor
// holds can be ticked (contracts holdsPrivilege), as the API accepts.
import { holdsPrivilege, type RoleCreateBody } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useFormSave } from '../../shell/lists/useFormSave';
import { CustomerField } from '../customers/CustomerField';
import { useAccessHolder } from '../users/grants';
import { createRole, fetchRole, roleKeys, updateRole } from './api';
import { PrivilegeMatrix } from './PrivilegeMatrix';

export function RoleFormPage() {
  const { id } = useParams();
  const { t } = useTranslation(['roles', 'validation']);
  const [form] = Form.useForm<RoleCreateBody>();
  const navigate = useNavigate();
  const holder = useAccessHolder();
  const existing = useQuery({
    queryKey: roleKeys.one(id ?? ''),
    queryFn: () => fetchRole(id ?? ''),
    enabled: !!id,
  });

  useEffect(() => {
    const r = existing.data;
    if (r) form.setFieldsValue({ ...r, customer_id: r.customer.id });
  }, [existing.data, form]);

  const save = useFormSave({
    form,
    save: ({ customer_id, ...rest }: RoleCreateBody) =>
      id ? updateRole(id, rest) : createRole({ customer_id, ...rest }),
    invalidate: roleKeys.all,
    back: '/roles',
  });

  if (id && existing.isLoading) return <Spin />;
  // Each required field names itself when missing (spec §5), as the server's contract does.
  // Blank text counts as missing. Only text gets `whitespace`: any key beside `required` makes the
  // validator check the value is a string, which a picker's or a number's value is not.
  const required = (key: string, text = true) => ({
    required: true,
    ...(text ? { whitespace: true } : {}),
    message: t(`validation:${key}`),
  });
  return (
    <Form<RoleCreateBody>
      form={form}
      layout="vertical"
      initialValues={{ privileges: [], description: '' }}
      onFinish={(values) => save.mutate(values)}
      scrollToFirstError
    >
      <Card size="small" style={{ marginBottom: 16 }}>
        <CustomerField
          form={form}
          fixed={existing.data?.customer}
          requiredKey="companyRequired"
          label={t('fields.customer')}
        />
        <Form.Item name="name" label={t('fields.name')} rules={[required('nameRequired')]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')}>
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
      </Card>
      <Card size="small" title={t('fields.privileges')} style={{ marginBottom: 16 }}>
        <Form.Item name="privileges" noStyle>
          <PrivilegeMatrix grantable={(p) => !!holder && holdsPrivilege(holder, p)} />
        </Form.Item>
      </Card>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('actions.save')}
        </Button>
        <Button onClick={() => navigate('/roles')}>{t('actions.cancel')}</Button>
      </Space>
    </Form>
  );
}
