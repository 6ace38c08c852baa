// /users: the users of the companies the viewer may see, with e-mail filter, last sign-in and
// each one's status (enabled or disabled, and locked after failed sign-ins).
import {
  DATE_FORMAT,
  editsOtherUsers,
  mayManageUser,
  recordAddress,
  SYS_ROLES,
  type User,
  userResource,
} from '@fleetlens/contracts';
import { Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../app/auth/context';
import { useCanOpen } from '../../routes/useCanOpen';
import { customerColumn, textColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import { actionsColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { users } from './api';
import { grantOf, useAccessHolder } from './grants';

export function UsersPage() {
  const { t } = useTranslation('users');
  const canOpen = useCanOpen();
  const { profile } = useAuth();
  const holder = useAccessHolder();
  // Edit shows for oneself, and for those whose access the viewer could have given (as the API).
  const mayEdit = (u: User) =>
    u.id === profile?.id || (!!holder && editsOtherUsers(holder) && mayManageUser(holder, grantOf(u)));
  const list = useResourceList(users, t, { search: false });
  const name = (u: User) => `${u.first_name} ${u.last_name}`;
  const sysRole = (u: User) => t(`sysRoles.${u.sys_role}`);
  const lastLogin = (u: User) => (u.last_login_at ? dayjs(u.last_login_at).format(DATE_FORMAT) : '');
  const status = (u: User) =>
    [u.enabled ? t('states.enabled') : t('states.disabled'), ...(u.locked ? [t('states.locked')] : [])].join(
      ', ',
    );
  const columns: ListColumn<User>[] = [
    textColumn(t('fields.username'), 'username', (u) => u.username, { alwaysShown: true }),
    textColumn(t('fields.name'), 'name', name, { long: true }),
    textColumn(t('fields.email'), 'email', (u) => u.email, { long: true }),
    customerColumn(t('fields.customer'), false),
    textColumn(t('fields.sys_role'), 'sys_role', sysRole, { codes: SYS_ROLES }),
    textColumn(t('fields.role'), 'role', (u) => u.role?.name ?? ''),
    textColumn(t('fields.last_login_at'), 'last_login_at', lastLogin),
    {
      title: t('fields.status'),
      key: 'status',
      render: (_, u) => (
        // Disabled and locked are separate switches: a user can be both.
        <Space size={4}>
          {u.enabled ? <Tag color="green">{t('states.enabled')}</Tag> : <Tag>{t('states.disabled')}</Tag>}
          {u.locked && <Tag color="red">{t('states.locked')}</Tag>}
        </Space>
      ),
      exportValue: status,
    },
    actionsColumn(t('actions.title'), (u) => (
      <>
        {mayEdit(u) && <Link to={recordAddress(userResource, 'edit', u.id)}>{t('actions.edit')}</Link>}
        {canOpen('userLoginHistory') && (
          <Link to={`/users/${u.id}/login-history`}>{t('actions.history')}</Link>
        )}
        {canOpen('userLoginDevice') && <Link to={`/users/${u.id}/login-device`}>{t('actions.devices')}</Link>}
      </>
    )),
  ];
  return (
    <ListPage
      list={list}
      searches={[
        { label: t('search'), onSearch: (filter) => list.refine({ filter }), width: 280 },
        { label: t('emailFilter'), onSearch: (email) => list.refine({ email }), width: 240 },
      ]}
      columns={columns}
    />
  );
}
