// /maintenances/comment: the vehicles needing maintenance across every plan (warning and worse,
// worst first) with the comment on each, written in a dialog over the list ("Book the
// inspector"), so the person who arranges the work notes it where the next one looks.
import { maintenanceVehicleUpdateSchema, pageAddress } from '@fleetlens/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { EditDialog } from '../../shell/forms/EditDialog';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { TextItem } from '../../shell/forms/TextItem';
import { customerColumn, textColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import { ActionButton } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { usePagedList } from '../../shell/lists/usePagedList';
import { CustomerFilter } from '../customers/CustomerFilter';
import { type AttentionParams, type MaintenanceVehicleRow, planVehicles } from './api';
import { keptFields } from './DoneFields';
import { stateColumns } from './StateTag';

export function CommentsPage() {
  const { t } = useTranslation('maintenances');
  const canOpen = useCanOpen();
  const [editing, setEditing] = useState<MaintenanceVehicleRow | null>(null);
  const fields = useFieldRules(maintenanceVehicleUpdateSchema.shape);
  const list = usePagedList<MaintenanceVehicleRow, AttentionParams>({
    key: planVehicles.keys.attention,
    fetch: planVehicles.attention,
    exportPath: '/maintenance-vehicles',
    initial: { order_by: 'state', order: 'desc' },
    totalText: (count) => t('vehicles.total', { count }),
  });
  const columns: ListColumn<MaintenanceVehicleRow>[] = [
    textColumn(t('fields.vehicle'), 'vehicle', (a) => a.vehicle.name, { sorter: true }),
    textColumn(t('fields.item_id'), 'item', (a) => a.maintenance.name),
    customerColumn(t('fields.customer')),
    ...stateColumns(t),
    textColumn(t('fields.comment'), 'comment', (a) => a.comment),
    {
      title: t('actions.title'),
      key: 'actions',
      render: (_, a) => (
        <>
          {canOpen('maintenanceComment') && (
            <ActionButton onClick={() => setEditing(a)}>{t('comments.write')}</ActionButton>
          )}
          {canOpen('maintenanceConfirm') && (
            <Link to={pageAddress('maintenanceConfirm', { id: a.maintenance.id, vehicleId: a.vehicle.id })}>
              {t('vehicles.open')}
            </Link>
          )}
        </>
      ),
    },
  ];
  return (
    <ListPage
      list={list}
      name="maintenanceComment"
      fileName="maintenance-comments"
      search={t('comments.search')}
      empty={t('comments.empty')}
      filters={<CustomerFilter list={list} />}
      columns={columns}
    >
      <EditDialog<{ comment?: string }>
        labels="maintenances"
        open={editing !== null}
        title={editing ? `${editing.vehicle.name} · ${editing.maintenance.name}` : ''}
        values={editing ? { comment: editing.comment } : undefined}
        onClose={() => setEditing(null)}
        save={({ comment = '' }) =>
          planVehicles.update(editing?.maintenance.id ?? '', editing?.vehicle.id ?? '', {
            ...keptFields(editing),
            comment,
          })
        }
        invalidate={planVehicles.keys.all}
      >
        <TextItem fields={fields} name="comment" rows={3} />
      </EditDialog>
    </ListPage>
  );
}
