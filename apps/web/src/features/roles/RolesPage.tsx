// /roles: the custom roles of every company the user may see, searchable and paged; a role no
// user holds can be deleted (the server refuses one still held, with its message).
import { ACTION_ROLES, type Role } from '@fleetlens/contracts';
import { Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { useMay } from '../../routes/useMay';
import { ListToolbar } from '../../shell/lists/ListToolbar';
import { actionsColumn, DeleteAction, useRowDelete } from '../../shell/lists/rowActions';
import { usePagedList } from '../../shell/lists/usePagedList';
import { deleteRole, fetchRoles, roleKeys } from './api';

export function RolesPage() {
  const { t } = useTranslation('roles');
  const canOpen = useCanOpen();
  const may = useMay();
  const list = usePagedList<Role>({
    key: roleKeys.list,
    fetch: fetchRoles,
    initial: { orderBy: 'name' },
    totalText: (total) => t('total', { count: total }),
    pagination: { showSizeChanger: true },
  });
  const remove = useRowDelete({ remove: deleteRole, invalidate: roleKeys.all, deleted: t('deleted') });
  const columns: ColumnsType<Role> = [
    { title: t('fields.name'), dataIndex: 'name', key: 'name' },
    { title: t('fields.customer'), key: 'customer', render: (_, r) => r.customer.name },
    { title: t('fields.description'), dataIndex: 'description', key: 'description' },
    { title: t('fields.privileges'), key: 'privileges', render: (_, r) => r.privileges.length },
    { title: t('fields.users'), dataIndex: 'user_count', key: 'users' },
    actionsColumn(t('actions.title'), (r) => (
      <>
        {canOpen('roleEdit') && <Link to={`/roles/${r.id}/edit`}>{t('actions.edit')}</Link>}
        {may(...ACTION_ROLES.roleDelete) && (
          <DeleteAction
            label={t('actions.delete')}
            confirm={t('confirmDelete', { name: r.name })}
            onConfirm={() => remove.mutate(r.id)}
          />
        )}
      </>
    )),
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <ListToolbar
        searches={[{ label: t('search'), onSearch: (filter) => list.refine({ filter }) }]}
        create={canOpen('roleNew') && { to: '/roles/new', label: t('actions.new') }}
      />
      <Table<Role> {...list.tableProps} columns={columns} />
    </Space>
  );
}
