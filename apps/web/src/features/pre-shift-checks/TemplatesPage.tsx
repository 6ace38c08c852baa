// /pre-shift-templates: the companies' pre-shift checklists, one per vehicle type, with how many
// items each has and how many of them are critical; filtered by company, edited and deleted by
// those allowed.
import { type CheckTemplate, VEHICLE_TYPES } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { customerColumn, textColumn, updatedColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import { useEditDeleteColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { CustomerFilter } from '../customers/CustomerFilter';
import { checkTemplates } from './api';

export function TemplatesPage() {
  const { t } = useTranslation('pre-shift-checks');
  const list = useResourceList(checkTemplates, t, { words: 'templates.', sort: 'customer', search: false });
  const typeName = (c: CheckTemplate) => t(`vehicles:vehicleTypes.${c.vehicle_type}`);
  const columns: ListColumn<CheckTemplate>[] = [
    textColumn(t('fields.vehicle_type'), 'vehicle_type', typeName, { sorter: true, codes: VEHICLE_TYPES }),
    customerColumn(t('fields.customer')),
    textColumn(t('fields.items'), 'items', (c) =>
      t('templates.itemCount', { count: c.items.length, critical: c.items.filter((i) => i.critical).length }),
    ),
    updatedColumn(t('fields.updated_at')),
    useEditDeleteColumn<CheckTemplate>(t, {
      resource: checkTemplates,
      confirm: (c) => t('templates.confirmDelete', { name: typeName(c) }),
    }),
  ];
  const filters = <CustomerFilter list={list} />;
  return <ListPage list={list} filters={filters} columns={columns} />;
}
