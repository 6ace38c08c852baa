// /maintenances: the maintenance plans of the companies the user may see, each with its item,
// cycle, warning and number of vehicles, filtered by customer, searchable, sorted on the server;
// edit and delete for those allowed (a plan with vehicles is kept: the server's message shows).
import { type Maintenance, pageAddress } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { customerColumn, textColumn, updatedColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import { useEditDeleteColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { CustomerFilter } from '../customers/CustomerFilter';
import { maintenances } from './api';
import { cycleText, spanText } from './cycle';

export function MaintenancesPage() {
  const { t } = useTranslation('maintenances');
  const canOpen = useCanOpen();
  const list = useResourceList(maintenances, t, { words: 'plans.', sort: 'item' });
  const columns: ListColumn<Maintenance>[] = [
    textColumn(t('fields.item_id'), 'item', (p) => p.item.name, { sorter: true }),
    customerColumn(t('fields.customer')),
    textColumn(t('fields.cycle'), 'cycle_unit', (p) => cycleText(t, p), { sorter: true }),
    textColumn(t('fields.warning'), 'warning', (p) => spanText(t, p.warning_time, p.warning_type)),
    textColumn(t('fields.vehicle_count'), 'vehicle_count', (p) => p.vehicle_count, {
      sorter: true,
      align: 'right',
    }),
    textColumn(t('fields.description'), 'description', (p) => p.description),
    updatedColumn(t('fields.updated_at')),
    useEditDeleteColumn<Maintenance>(t, {
      resource: maintenances,
      confirm: (p) => t('confirmDelete', { name: p.item.name }),
      more: (p) =>
        canOpen('maintenanceVehicles') && (
          <Link to={pageAddress('maintenanceVehicles', { id: p.id })}>{t('plans.vehicles')}</Link>
        ),
    }),
  ];
  const filters = <CustomerFilter list={list} />;
  return <ListPage list={list} filters={filters} columns={columns} />;
}
