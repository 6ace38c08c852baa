// /roles: the custom roles of every company the user may see, searchable and paged; a role no
// user holds can be deleted (the server refuses one still held, with its message).
import type { Role } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { customerColumn, descriptionColumn, textColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import { useEditDeleteColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { roles } from './api';

export function RolesPage() {
  const { t } = useTranslation('roles');
  const list = useResourceList(roles, t, { sort: 'name' });
  const columns: ListColumn<Role>[] = [
    textColumn(t('fields.name'), 'name', (r) => r.name, { alwaysShown: true, long: true }),
    customerColumn(t('fields.customer'), false),
    descriptionColumn(t('fields.description')),
    textColumn(t('fields.privileges'), 'privileges', (r) => r.privileges.length),
    textColumn(t('fields.users'), 'users', (r) => r.user_count),
    useEditDeleteColumn<Role>(t, {
      resource: roles,
    }),
  ];
  return <ListPage list={list} columns={columns} />;
}
