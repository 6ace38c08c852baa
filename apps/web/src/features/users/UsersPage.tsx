// /users: the users of the companies the viewer may see, with e-mail filter, last sign-in and
// each one's status (enabled or disabled, and locked after failed sign-ins).
import { DATE_FORMAT, editsOtherUsers, mayManageUser, type User } from '@fleetlens/contracts';
import { Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListParams } from '../../api/listQuery';
import { useAuth } from '../../app/auth/context';
import { useCanOpen } from '../../routes/useCanOpen';
import { ListToolbar } from '../../shell/lists/ListToolbar';
import { usePagedList } from '../../shell/lists/usePagedList';
import { fetchUsers, userKeys } from './api';
import { grantOf, useAccessHolder } from './grants';

export function UsersPage() {
  const { t } = useTranslation('users');
  const canOpen = useCanOpen();
  const { profile } = useAuth();
  const holder = useAccessHolder();
  // Edit shows for oneself, and for those whose access the viewer could have given (as the API).
  const mayEdit = (u: User) =>
    u.id === profile?.id || (!!holder && editsOtherUsers(holder) && mayManageUser(holder, grantOf(u)));
  const list = usePagedList<User, ListParams & { email?: string }>({
    key: userKeys.list,
    fetch: fetchUsers,
    totalText: (total) => t('total', { count: total }),
    pagination: { showSizeChanger: true },
  });
  const columns: ColumnsType<User> = [
    { title: t('fields.username'), dataIndex: 'username', key: 'username' },
    { title: t('fields.name'), key: 'name', render: (_, u) => `${u.first_name} ${u.last_name}` },
    { title: t('fields.email'), dataIndex: 'email', key: 'email' },
    { title: t('fields.customer'), key: 'customer', render: (_, u) => u.customer.name },
    { title: t('fields.sys_role'), key: 'sys_role', render: (_, u) => t(`sysRoles.${u.sys_role}`) },
    { title: t('fields.role'), key: 'role', render: (_, u) => u.role?.name ?? '' },
    {
      title: t('fields.last_login_at'),
      key: 'last_login_at',
      render: (_, u) => (u.last_login_at ? dayjs(u.last_login_at).format(DATE_FORMAT) : ''),
    },
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
    },
    {
      title: t('actions.title'),
      key: 'actions',
      fixed: 'right',
      render: (_, u) => (
        <Space size="small">
          {mayEdit(u) && <Link to={`/users/${u.id}/edit`}>{t('actions.edit')}</Link>}
          {canOpen('userLoginHistory') && (
            <Link to={`/users/${u.id}/login-history`}>{t('actions.history')}</Link>
          )}
          {canOpen('userLoginDevice') && (
            <Link to={`/users/${u.id}/login-device`}>{t('actions.devices')}</Link>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <ListToolbar
        searches={[
          { label: t('search'), onSearch: (filter) => list.refine({ filter }), width: 280 },
          { label: t('emailFilter'), onSearch: (email) => list.refine({ email }), width: 240 },
        ]}
        create={canOpen('userNew') && { to: '/users/new', label: t('actions.new') }}
      />
      <Table<User> {...list.tableProps} columns={columns} />
    </Space>
  );
}
