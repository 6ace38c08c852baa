// /users/new and /users/:id/edit: the user payload of spec §3. From the user menu ("Edit
// profile", one's own id) it shows only the personal fields: nobody changes their own access.
// Another user opens for change only to those who could have given that user's access
// (contracts mayManageUser); the access fields offer only what the editor may give.
import {
  editsOtherUsers,
  mayManageUser,
  STRICT_PASSWORD_PATTERN,
  USER_NOTIFY_FLAGS,
  USERNAME_PATTERN,
  type UserCreateBody,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Col, Form, Input, Row, Space, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAuth } from '../../app/auth/context';
import { useFormSave } from '../../shell/lists/useFormSave';
import { createUser, fetchUser, updateUser, userKeys } from './api';
import { grantOf, useAccessHolder } from './grants';
import { UserAccessFields } from './UserAccessFields';

type Values = UserCreateBody & { confirm?: string };

export function UserFormPage() {
  const { id } = useParams();
  const { t } = useTranslation(['users', 'validation']);
  const { profile } = useAuth();
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const isSelf = !!id && id === profile?.id;
  const holder = useAccessHolder();

  const existing = useQuery({
    queryKey: userKeys.one(id ?? ''),
    queryFn: () => fetchUser(id ?? ''),
    enabled: !!id,
  });
  const manages = !!holder && editsOtherUsers(holder);
  // The new-user form is the route table's (user:add); an existing user is for those who may manage them.
  const refused =
    !!id &&
    !isSelf &&
    (!holder || !manages || (!!existing.data && !mayManageUser(holder, grantOf(existing.data))));

  useEffect(() => {
    const u = existing.data;
    if (u) form.setFieldsValue({ ...u, customer_id: u.customer.id, role_id: u.role?.id ?? null });
  }, [existing.data, form]);

  const save = useFormSave({
    form,
    // One's own profile sends the personal fields only; the server keeps the access as it is.
    save: ({ confirm: _confirm, username, password, ...rest }: Values) => {
      const { customer_id, sys_role, role_id, manager, download_role, ...personal } = rest;
      const access = { customer_id, sys_role, role_id, manager, download_role };
      const body = isSelf ? personal : { ...personal, ...access };
      return id
        ? updateUser(id, { ...body, ...(password ? { password } : {}) })
        : createUser({ username, password, ...personal, ...access });
    },
    invalidate: userKeys.all,
    back: manages ? '/users' : '/',
  });

  if (id && existing.isLoading) return <Spin />;
  if (refused) return <Alert type="warning" showIcon message={t('beyondReach')} />;
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
      {!isSelf && holder && <UserAccessFields form={form} holder={holder} existing={existing.data} />}
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
