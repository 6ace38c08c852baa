// The dialog that creates or renames a maintenance master item: its customer (fixed once
// created), name and description. The server's refusals (a name in use, 400008) show as errors.
import {
  type MaintenanceItem,
  type MaintenanceItemBody,
  maintenanceItemBodySchema,
} from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { EditDialog } from '../../shell/forms/EditDialog';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { NamedRecordFields } from '../customers/NamedRecordFields';
import { maintenanceItems } from './api';

export type ItemDialogProps = {
  /** The item edited; null for a new one. */
  item: MaintenanceItem | null;
  open: boolean;
  onClose: () => void;
};

export function ItemDialog({ item, open, onClose }: ItemDialogProps) {
  const { t } = useTranslation('maintenances');
  const fields = useFieldRules(maintenanceItemBodySchema.shape);
  return (
    <EditDialog<MaintenanceItemBody>
      labels="maintenances"
      open={open}
      title={item ? t('masters.editTitle') : t('masters.newTitle')}
      values={item ? { name: item.name, description: item.description } : undefined}
      onClose={onClose}
      save={({ customer_id, name, description = '' }) =>
        item
          ? maintenanceItems.update(item.id, { name, description })
          : maintenanceItems.create({ customer_id, name, description })
      }
      invalidate={maintenanceItems.keys.all}
    >
      <NamedRecordFields fields={fields} fixed={item?.customer} />
    </EditDialog>
  );
}
