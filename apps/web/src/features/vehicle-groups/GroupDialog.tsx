// The dialog that creates or edits a vehicle group: its customer (fixed once created), name,
// description and impact lock-out level (empty: off). The server's refusals (a name in use) show
// under their fields.
import { type VehicleGroup, type VehicleGroupBody, vehicleGroupBodySchema } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { EditDialog } from '../../shell/forms/EditDialog';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { NumberItem } from '../../shell/forms/items';
import { NamedRecordFields } from '../customers/NamedRecordFields';
import { createVehicleGroup, updateVehicleGroup, vehicleGroupKeys } from './api';

export type GroupDialogProps = {
  /** The group edited; null for a new one. */
  group: VehicleGroup | null;
  open: boolean;
  onClose: () => void;
};

export function GroupDialog({ group, open, onClose }: GroupDialogProps) {
  const { t } = useTranslation('vehicles');
  const fields = useFieldRules(vehicleGroupBodySchema.shape);
  return (
    <EditDialog<VehicleGroupBody>
      labels="vehicles"
      open={open}
      title={group ? t('groups.editTitle') : t('groups.newTitle')}
      values={
        group
          ? { name: group.name, description: group.description, lockout_impact_g: group.lockout_impact_g }
          : undefined
      }
      onClose={onClose}
      save={({ customer_id, name, description = '', lockout_impact_g = null }) =>
        group
          ? updateVehicleGroup(group.id, { name, description, lockout_impact_g })
          : createVehicleGroup({ customer_id, name, description, lockout_impact_g })
      }
      invalidate={vehicleGroupKeys.all}
    >
      <NamedRecordFields fields={fields} fixed={group?.customer} />
      <NumberItem
        name="lockout_impact_g"
        rules={fields.rules('lockout_impact_g')}
        step={0.5}
        precision={2}
        addonAfter="g"
        extra={t('groups.lockoutHelp')}
      />
    </EditDialog>
  );
}
