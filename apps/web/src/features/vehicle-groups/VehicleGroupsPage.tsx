// /vehicle-groups: the vehicle groups of the companies the user may see, searchable, filtered by
// customer, with their number of vehicles; created and edited in a dialog. A group that has
// vehicles cannot be deleted: the server answers with the spec's message, shown as an error. Each
// group shows its impact lock-out level (off, or the level in g).
import { listAddress, type VehicleGroup, vehicleResource } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { withUnit } from '../../kernel/format';
import { useCanOpen } from '../../routes/useCanOpen';
import { customerColumn, descriptionColumn, nameColumn, updatedColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import { useEditDeleteColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { useDialogList } from '../../shell/lists/useDialogEditing';
import { CustomerFilter } from '../customers/CustomerFilter';
import { DriveSummaryLink } from '../drive-summary/DriveSummaryLink';
import { vehicleGroups } from './api';
import { GroupDialog } from './GroupDialog';

export function VehicleGroupsPage() {
  const { t } = useTranslation('vehicles');
  const canOpen = useCanOpen();
  const { list, dialog } = useDialogList(
    vehicleGroups,
    t,
    { words: 'groups.', sort: 'name' },
    t('actions.new'),
  );
  const lockoutLevel = (g: VehicleGroup) =>
    g.lockout_impact_g === null ? t('groups.lockoutOff') : withUnit(g.lockout_impact_g, 'g');

  const columns: ListColumn<VehicleGroup>[] = [
    nameColumn(t('fields.name')),
    customerColumn(t('fields.customer')),
    descriptionColumn(t('fields.description')),
    {
      title: t('fields.vehicle_count'),
      key: 'vehicle_count',
      sorter: true,
      align: 'right',
      render: (_, g) =>
        canOpen(vehicleResource.pages.list) ? (
          <Link to={`${listAddress(vehicleResource)}?group=${g.id}`}>{g.vehicle_count}</Link>
        ) : (
          g.vehicle_count
        ),
      exportValue: (g) => g.vehicle_count,
    },
    {
      title: t('fields.lockout_impact_g'),
      key: 'lockout_impact_g',
      align: 'right',
      render: (_, g) => lockoutLevel(g),
      exportValue: (g) => lockoutLevel(g),
    },
    updatedColumn(t('fields.updated_at')),
    useEditDeleteColumn<VehicleGroup>(t, {
      resource: vehicleGroups,
      more: (g) => (
        <>
          <DriveSummaryLink page="groupDriveSummary" id={g.id} name={g.name} />
          {dialog.editButton(g)}
        </>
      ),
    }),
  ];

  return (
    <ListPage list={list} filters={<CustomerFilter list={list} />} columns={columns}>
      <GroupDialog
        group={dialog.editing ?? null}
        open={dialog.editing !== undefined}
        onClose={dialog.close}
      />
    </ListPage>
  );
}
