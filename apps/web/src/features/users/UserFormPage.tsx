// /users/new and /users/:id/edit: the user payload of spec §3. From the user menu ("Edit
// profile", one's own id) it shows only the personal fields: nobody changes their own access.
// Another user opens for change only to those who could have given that user's access
// (contracts mayManageUser); the access fields offer only what the editor may give.
import {
  editsOtherUsers,
  listAddress,
  mayManageUser,
  USER_NOTIFY_FLAGS,
  type User,
  type UserCreateBody,
  userCreateSchema,
  userResource,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Col, Form, type FormRule, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAuth } from '../../app/auth/context';
import { EditPage } from '../../shell/forms/EditPage';
import { Cell, FormSection } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { FieldItem } from '../../shell/forms/items';
import { TextItem } from '../../shell/forms/TextItem';
import { createUser, fetchUser, updateUser, userKeys } from './api';
import { grantOf, useAccessHolder } from './grants';
import { UserAccessFields } from './UserAccessFields';
import { UserEventGroupsFields } from './UserEventGroupsFields';

type Values = UserCreateBody & { confirm?: string };

export function UserFormPage() {
  const { id } = useParams();
  const { t } = useTranslation('users');
  const { profile } = useAuth();
  const [form] = Form.useForm<Values>();
  const fields = useFieldRules(userCreateSchema.shape);
  const isSelf = !!id && id === profile?.id;
  const holder = useAccessHolder();
  const load = id ? { queryKey: userKeys.one(id), queryFn: () => fetchUser(id) } : undefined;
  // The same query as the page's (one request): whether this user is for this editor to change.
  const existing = useQuery({
    queryKey: load?.queryKey ?? userKeys.one(''),
    queryFn: load?.queryFn,
    enabled: !!load,
  });
  const manages = !!holder && editsOtherUsers(holder);
  // The new-user form is the route table's (user:add); an existing user is for those who may manage them.
  const refused =
    !!id &&
    !isSelf &&
    (!holder || !manages || (!!existing.data && !mayManageUser(holder, grantOf(existing.data))));
  if (refused) return <Alert type="warning" showIcon message={t('beyondReach')} />;

  const sameAsPassword: FormRule = ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      (value ?? '') === (getFieldValue('password') ?? '')
        ? Promise.resolve()
        : Promise.reject(new Error(t('passwordMismatch'))),
  });
  // One's own profile sends the personal fields only; the server keeps the access as it is.
  const save = ({ confirm: _confirm, username, password, ...rest }: Values) => {
    const { customer_id, sys_role, role_id, manager, download_role, ...personal } = rest;
    const access = { customer_id, sys_role, role_id, manager, download_role };
    const body = isSelf ? personal : { ...personal, ...access };
    return id
      ? updateUser(id, { ...body, ...(password ? { password } : {}) })
      : createUser({ username, password, ...personal, ...access });
  };
  return (
    <EditPage<Values, User>
      labels="users"
      form={form}
      load={load}
      toValues={(u) => ({
        ...u,
        customer_id: u.customer.id,
        role_id: u.role?.id ?? null,
        groups: u.groups.map((g) => g.id),
      })}
      initialValues={{ sys_role: 'user', download_role: 'none', manager: false, role_id: null }}
      save={save}
      invalidate={userKeys.all}
      back={manages ? listAddress(userResource) : '/'}
      cancelTo={listAddress(userResource)}
      noCancel={isSelf}
    >
      {(user) => (
        <>
          <FormSection title={t('sections.person')}>
            <TextItem fields={fields} name="first_name" />
            <TextItem fields={fields} name="last_name" />
            <Cell>
              {/* The username never changes: shown, not checked, once the user exists. */}
              <Form.Item
                name="username"
                label={t('fields.username')}
                rules={id ? [] : fields.rules('username')}
              >
                <Input disabled={!!id} autoComplete="off" />
              </Form.Item>
            </Cell>
            <TextItem fields={fields} name="email" />
            <FieldItem
              name="password"
              label={id ? t('fields.newPassword') : t('fields.password')}
              // A user's password changes only when a new one is given.
              rules={fields.rules('password', { optional: !!id })}
            >
              <Input.Password autoComplete="new-password" />
            </FieldItem>
            <FieldItem name="confirm" dependencies={['password']} rules={[sameAsPassword]}>
              <Input.Password autoComplete="new-password" />
            </FieldItem>
          </FormSection>
          {!isSelf && holder && <UserAccessFields form={form} holder={holder} existing={user} />}
          <FormSection title={t('sections.notify')} grid={false}>
            <Row>
              {USER_NOTIFY_FLAGS.map((flag) => (
                <Col xs={24} md={8} key={flag}>
                  <Form.Item name={flag} valuePropName="checked" noStyle>
                    <Checkbox>{t(`notify.${flag}`)}</Checkbox>
                  </Form.Item>
                </Col>
              ))}
            </Row>
            <UserEventGroupsFields form={form} existing={user} />
          </FormSection>
        </>
      )}
    </EditPage>
  );
}
