// /service-accounts: the service accounts of every company the user may see, with
// their client ids; revoking one (delete) stops its client and its tokens at once.
import type { ServiceAccount } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { customerColumn, descriptionColumn, textColumn, updatedColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import { useEditDeleteColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { serviceAccounts } from './api';

export function ServiceAccountsPage() {
  const { t } = useTranslation('integrations');
  const list = useResourceList(serviceAccounts, t, { sort: 'name' });
  const columns: ListColumn<ServiceAccount>[] = [
    textColumn(t('fields.name'), 'name', (r) => r.name, { alwaysShown: true, long: true }),
    customerColumn(t('fields.customer'), false),
    textColumn(t('fields.client_id'), 'client_id', (r) => r.client_id),
    textColumn(t('fields.privileges'), 'privileges', (r) => r.privileges.length),
    textColumn(t('fields.created_by'), 'created_by', (r) => r.created_by.name),
    descriptionColumn(t('fields.description')),
    updatedColumn(t('fields.updated_at')),
    useEditDeleteColumn<ServiceAccount>(t, { resource: serviceAccounts }),
  ];
  return <ListPage list={list} columns={columns} />;
}
