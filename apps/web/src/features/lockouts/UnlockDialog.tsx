// The unlock of a vehicle locked after an impact: the reason is required (the contracts' rule,
// checked before sending); the server's refusal (not locked any more) is shown as the save shows
// every refusal, and a saved unlock reads the vehicle's lock, the list's marks and the history again.
import { type Lockout, type VehicleUnlock, vehicleUnlockSchema } from '@fleetlens/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditDialog } from '../../shell/forms/EditDialog';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { TextItem } from '../../shell/forms/TextItem';
import { lockoutKeys, unlockVehicle } from './api';
import { lockText } from './lockText';

export type UnlockDialogProps = {
  lockout: Lockout;
  open: boolean;
  onClose: () => void;
};

export function UnlockDialog({ lockout, open, onClose }: UnlockDialogProps) {
  const { t } = useTranslation('lockouts');
  const fields = useFieldRules(vehicleUnlockSchema.shape);
  return (
    <EditDialog<VehicleUnlock, Lockout>
      labels="lockouts"
      open={open}
      title={t('unlock.title', { name: lockout.vehicle.name })}
      onClose={onClose}
      save={({ reason }) => unlockVehicle(lockout.vehicle.id, reason)}
      savedText={t('unlock.done')}
      invalidate={lockoutKeys.all}
    >
      <Typography.Paragraph>{lockText(t, lockout)}</Typography.Paragraph>
      <TextItem fields={fields} name="reason" rows={3} />
    </EditDialog>
  );
}
