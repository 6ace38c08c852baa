// /users/new and /users/:id/edit (also each user's own profile from the user menu): the user
// payload of spec §3. Without user:edit one edits only one's own name, e-mail, password and
// notifications; the access fields show but do not change.
import {
  DOWNLOAD_ROLES,
  STAFF_ROLES,
  STRICT_PASSWORD_PATTERN,
  USER_NOTIFY_FLAGS,
  USERNAME_PATTERN,
  type UserCreateBody,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Col, Form, Input, Row, Select, Space, Spin, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAuth } from '../../app/auth/context';
import { useFormSave } from '../../shell/lists/useFormSave';
import { useCompanies } from '../customers/api';
import { createUser, fetchCompanyRoles, fetchUser, updateUser, userKeys } from './api';

type Values = UserCreateBody & { confirm?: string };

export function UserFormPage() {
  const { id } = useParams();
  const { t } = useTranslation(['users', 'validation']);
  const { profile } = useAuth();
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const customerId = Form.useWatch('customer_id', form);
  const isSelf = !!id && id === profile?.id;
  const mayEditAccess =
    profile?.sysRole === 'admin' ||
    profile?.sysRole === 'support' ||
    profile?.sysRole === 'sales' ||
    !!profile?.roles.includes('user:edit');
  const lockedAccess = !!id && !mayEditAccess;

  const existing = useQuery({
    queryKey: userKeys.one(id ?? ''),
    queryFn: () => fetchUser(id ?? ''),
    enabled: !!id,
  });
  const companies = useCompanies(!lockedAccess);
  const roles = useQuery({
    queryKey: ['roles', 'of', customerId],
    queryFn: () => fetchCompanyRoles(customerId ?? ''),
    enabled: !!customerId && !lockedAccess,
  });
  const company = companies.list.find((c) => c.id === customerId);
  const sysRoles = company?.is_provider ? [...STAFF_ROLES] : ['user'];

  useEffect(() => {
    const u = existing.data;
    if (u) form.setFieldsValue({ ...u, customer_id: u.customer.id, role_id: u.role?.id ?? null });
  }, [existing.data, form]);

  const save = useFormSave({
    form,
    save: ({ confirm: _confirm, username, password, ...rest }: Values) =>
      id
        ? updateUser(id, { ...rest, ...(password ? { password } : {}) })
        : createUser({ username, password, ...rest }),
    invalidate: userKeys.all,
    back: mayEditAccess ? '/users' : '/',
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
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ sys_role: 'user', download_role: 'none', manager: false, role_id: null }}
      onFinish={(values) => save.mutate(values)}
      scrollToFirstError
    >
      <Card size="small" title={t('sections.person')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="first_name"
              label={t('fields.first_name')}
              rules={[required('firstNameRequired')]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="last_name" label={t('fields.last_name')} rules={[required('lastNameRequired')]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="username"
              label={t('fields.username')}
              rules={
                id
                  ? []
                  : [
                      required('usernameRequired'),
                      { pattern: USERNAME_PATTERN, message: t('validation:username') },
                    ]
              }
            >
              <Input maxLength={33} disabled={!!id} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="email"
              label={t('fields.email')}
              rules={[required('emailRequired'), { type: 'email', message: t('validation:email') }]}
            >
              <Input maxLength={254} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="password"
              label={id ? t('fields.newPassword') : t('fields.password')}
              rules={[
                ...(id ? [] : [required('passwordRequired')]),
                { pattern: STRICT_PASSWORD_PATTERN, message: t('validation:strictPassword') },
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="confirm"
              label={t('fields.confirm')}
              dependencies={['password']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value: string | undefined) =>
                    (value ?? '') === (getFieldValue('password') ?? '')
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('passwordMismatch'))),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card size="small" title={t('sections.access')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="customer_id"
              label={t('fields.customer')}
              rules={[required('companyRequired', false)]}
            >
              <Select
                disabled={lockedAccess}
                showSearch
                optionFilterProp="label"
                options={
                  lockedAccess && existing.data
                    ? [{ value: existing.data.customer.id, label: existing.data.customer.name }]
                    : companies.options
                }
                onChange={() => form.setFieldsValue({ role_id: null })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="sys_role" label={t('fields.sys_role')} rules={[required('roleRequired', false)]}>
              <Select
                disabled={lockedAccess}
                options={sysRoles.map((r) => ({ value: r, label: t(`sysRoles.${r}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="role_id" label={t('fields.role')}>
              <Select
                allowClear
                disabled={lockedAccess}
                options={
                  lockedAccess && existing.data?.role
                    ? [{ value: existing.data.role.id, label: existing.data.role.name }]
                    : (roles.data?.list ?? []).map((r) => ({ value: r.id, label: r.name }))
                }
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="download_role" label={t('fields.download_role')}>
              <Select
                disabled={lockedAccess}
                options={DOWNLOAD_ROLES.map((r) => ({ value: r, label: t(`downloadRoles.${r}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="manager" label={t('fields.manager')} valuePropName="checked">
              <Switch disabled={lockedAccess} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card size="small" title={t('sections.notify')} style={{ marginBottom: 16 }}>
        <Row>
          {USER_NOTIFY_FLAGS.map((flag) => (
            <Col xs={24} md={8} key={flag}>
              <Form.Item name={flag} valuePropName="checked" noStyle>
                <Checkbox>{t(`notify.${flag}`)}</Checkbox>
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Card>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('actions.save')}
        </Button>
        {!isSelf && <Button onClick={() => navigate('/users')}>{t('actions.cancel')}</Button>}
      </Space>
    </Form>
  );
}
