// /maintenances/:id/vehicles/new and …/:vehicleId/edit: a vehicle of the plan's customer (chosen
// once), a comment and its last maintenance (time and hour meter; none: the cycle counts from now
// and the hour meter now). "The vehicle is already added" comes back from the server on its field.
import {
  type MaintenanceVehicle,
  type MaintenanceVehicleBody,
  maintenanceVehicleBodySchema,
  pageAddress,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useParams } from 'react-router';
import { nameOptions, useResourceRows } from '../../api/resource';
import { EditPage } from '../../shell/forms/EditPage';
import { FormSection } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { FieldItem } from '../../shell/forms/items';
import { PickItem } from '../../shell/forms/PickItem';
import { vehicles } from '../vehicles/api';
import { maintenances, planVehicles } from './api';
import { DoneFields, serverTime } from './DoneFields';

type Values = Omit<MaintenanceVehicleBody, 'last_maintenance_at'> & { last_maintenance_at?: Dayjs | null };

export function AssignmentFormPage() {
  const { id = '', vehicleId } = useParams();
  const [form] = Form.useForm<Values>();
  const fields = useFieldRules(maintenanceVehicleBodySchema.shape);
  const plan = useQuery({ queryKey: maintenances.keys.one(id), queryFn: () => maintenances.one(id) });
  const customerId = plan.data?.customer.id;
  const options = nameOptions(
    useResourceRows(
      vehicles,
      { order_by: 'name', customer_id: customerId, perPage: 500 },
      !!customerId && !vehicleId,
    ),
  );
  const back = pageAddress('maintenanceVehicles', { id });
  const save = ({ vehicle_id, comment = '', last_maintenance_at, last_hour_meter = null }: Values) => {
    const body = { comment, last_maintenance_at: serverTime(last_maintenance_at), last_hour_meter };
    return vehicleId
      ? planVehicles.update(id, vehicleId, body)
      : planVehicles.assign(id, { vehicle_id, ...body });
  };
  return (
    <EditPage<Values, MaintenanceVehicle>
      form={form}
      labels="maintenances"
      load={
        vehicleId
          ? { queryKey: planVehicles.keys.one(id, vehicleId), queryFn: () => planVehicles.one(id, vehicleId) }
          : undefined
      }
      toValues={(a) => ({
        vehicle_id: a.vehicle.id,
        comment: a.comment,
        last_maintenance_at: a.last_maintenance_at ? dayjs(a.last_maintenance_at) : null,
        last_hour_meter: a.last_hour_meter,
      })}
      save={save}
      invalidate={planVehicles.keys.all}
      back={back}
      cancelTo={back}
      style={{ maxWidth: 720 }}
    >
      {(assignment) => (
        <FormSection grid={false}>
          {assignment ? (
            <FieldItem name="vehicle_id" label={undefined}>
              <span>{assignment.vehicle.name}</span>
            </FieldItem>
          ) : (
            <PickItem name="vehicle_id" rules={fields.rules('vehicle_id')} options={options} />
          )}
          <DoneFields
            fields={fields}
            time="last_maintenance_at"
            meter="last_hour_meter"
            meterSchema={maintenanceVehicleBodySchema.shape.last_hour_meter}
          />
        </FormSection>
      )}
    </EditPage>
  );
}
