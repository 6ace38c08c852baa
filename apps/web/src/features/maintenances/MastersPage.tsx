// /maintenances/masters: the maintenance master items (the kinds of maintenance) of the companies
// the user may see, with how many plans use each; created and renamed in a dialog. An item plans
// use cannot be deleted (400009), one whose plans have history cannot be changed (400008): the
// server's message shows as an error.
import type { MaintenanceItem } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import {
  customerColumn,
  descriptionColumn,
  nameColumn,
  textColumn,
  updatedColumn,
} from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import { useEditDeleteColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { useDialogList } from '../../shell/lists/useDialogEditing';
import { CustomerFilter } from '../customers/CustomerFilter';
import { maintenanceItems } from './api';
import { ItemDialog } from './ItemDialog';

export function MastersPage() {
  const { t } = useTranslation('maintenances');
  const { list, dialog } = useDialogList(
    maintenanceItems,
    t,
    { words: 'masters.', sort: 'name' },
    t('actions.new'),
  );
  const columns: ListColumn<MaintenanceItem>[] = [
    nameColumn(t('fields.name')),
    customerColumn(t('fields.customer')),
    descriptionColumn(t('fields.description')),
    textColumn(t('fields.plan_count'), 'plan_count', (i) => i.plan_count, { sorter: true, align: 'right' }),
    updatedColumn(t('fields.updated_at')),
    useEditDeleteColumn<MaintenanceItem>(t, {
      resource: maintenanceItems,
      more: dialog.editButton,
    }),
  ];
  return (
    <ListPage list={list} filters={<CustomerFilter list={list} />} columns={columns}>
      <ItemDialog item={dialog.editing ?? null} open={dialog.editing !== undefined} onClose={dialog.close} />
    </ListPage>
  );
}
