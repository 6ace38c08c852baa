// /maintenances/:id/vehicles/:vehicleId/execute: record a maintenance done — when (not in the
// future), the hour meter then (the checked meter now, to begin with) and a comment; the server
// restarts the cycle from it and keeps it in the history. Back to the vehicle's state page.
import {
  type MaintenanceExecutionBody,
  type MaintenanceVehicle,
  maintenanceExecutionBodySchema,
  pageAddress,
} from '@fleetlens/contracts';
import { Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EditPage } from '../../shell/forms/EditPage';
import { FormSection } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { planVehicles } from './api';
import { DoneFields, serverTime } from './DoneFields';

type Values = Omit<MaintenanceExecutionBody, 'done_at'> & { done_at: Dayjs };

export function ExecutePage() {
  const { id = '', vehicleId = '' } = useParams();
  const { t } = useTranslation('maintenances');
  const [form] = Form.useForm<Values>();
  const fields = useFieldRules(maintenanceExecutionBodySchema.shape);
  const back = pageAddress('maintenanceConfirm', { id, vehicleId });
  return (
    <EditPage<Values, MaintenanceVehicle>
      form={form}
      labels="maintenances"
      load={{
        queryKey: planVehicles.keys.one(id, vehicleId),
        queryFn: () => planVehicles.one(id, vehicleId),
      }}
      toValues={(a) => ({
        done_at: dayjs(),
        hour_meter: a.hour_meter === null ? null : Math.round(a.hour_meter * 10) / 10,
      })}
      title={(a) => a && `${a.vehicle.name} · ${a.maintenance.name}`}
      save={({ done_at, hour_meter = null, comment = '' }) =>
        planVehicles.execute(id, vehicleId, {
          done_at: serverTime(done_at) ?? '',
          hour_meter,
          comment,
        })
      }
      invalidate={planVehicles.keys.all}
      back={back}
      cancelTo={back}
      saveText={t('confirm.record')}
      style={{ maxWidth: 720 }}
    >
      <FormSection grid={false}>
        <DoneFields
          fields={fields}
          time="done_at"
          meter="hour_meter"
          meterSchema={maintenanceExecutionBodySchema.shape.hour_meter}
          timeRequired
        />
      </FormSection>
    </EditPage>
  );
}
