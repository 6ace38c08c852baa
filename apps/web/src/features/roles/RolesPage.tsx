// /roles: the custom roles of every company the user may see, searchable and paged; a role no
// user holds can be deleted (the server refuses one still held, with its message).
import { ACTION_ROLES, type Role } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { useMay } from '../../routes/useMay';
import { ListPage } from '../../shell/lists/ListPage';
import { actionsColumn, DeleteAction, useRowDelete } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { usePagedList } from '../../shell/lists/usePagedList';
import { deleteRole, fetchRoles, type RoleListParams, roleKeys } from './api';

export function RolesPage() {
  const { t } = useTranslation('roles');
  const canOpen = useCanOpen();
  const may = useMay();
  const list = usePagedList<Role, RoleListParams>({
    key: roleKeys.list,
    fetch: fetchRoles,
    initial: { order_by: 'name' },
    totalText: (total) => t('total', { count: total }),
    pagination: { showSizeChanger: true },
  });
  const remove = useRowDelete({ remove: deleteRole, invalidate: roleKeys.all, deleted: t('deleted') });
  const columns: ListColumn<Role>[] = [
    {
      title: t('fields.name'),
      dataIndex: 'name',
      key: 'name',
      alwaysShown: true,
      long: true,
      exportValue: (r) => r.name,
    },
    {
      title: t('fields.customer'),
      key: 'customer',
      render: (_, r) => r.customer.name,
      long: true,
      exportValue: (r) => r.customer.name,
    },
    {
      title: t('fields.description'),
      dataIndex: 'description',
      key: 'description',
      long: true,
      exportValue: (r) => r.description,
    },
    {
      title: t('fields.privileges'),
      key: 'privileges',
      render: (_, r) => r.privileges.length,
      exportValue: (r) => r.privileges.length,
    },
    { title: t('fields.users'), dataIndex: 'user_count', key: 'users', exportValue: (r) => r.user_count },
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
    <ListPage
      list={list}
      name="roles"
      fileName="roles"
      search={t('search')}
      empty={t('empty')}
      create={canOpen('roleNew') && { to: '/roles/new', label: t('actions.new') }}
      columns={columns}
    />
  );
}
