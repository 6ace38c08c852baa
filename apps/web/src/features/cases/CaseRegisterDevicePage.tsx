// /cases/:id/vehicles/:vehicleId/edit-register-device: registers the vehicle's device in this case
// (or changes the one it has): the case gives customer and kitting id, the route the vehicle.
import { type CaseDeviceBody, caseResource, recordAddress } from '@fleetlens/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EditPage } from '../../shell/forms/EditPage';
import { useDeviceOptions } from '../devices/api';
import { DeviceFields } from '../devices/DeviceFields';
import { cleaned, NEW_DEVICE, valuesOf } from '../devices/formValues';
import { caseKeys, fetchCase, fetchVehicleDevice, registerDevice } from './api';

type Registration = {
  kase: Awaited<ReturnType<typeof fetchCase>>;
  current: Awaited<ReturnType<typeof fetchVehicleDevice>>;
};

function deviceValues({ current }: Registration): Partial<CaseDeviceBody> {
  if (!current.device) return {};
  const { customer_id: _c, kitting_id: _k, vehicle_id: _v, ...values } = valuesOf(current.device);
  return values;
}

export function CaseRegisterDevicePage() {
  const { id = '', vehicleId = '' } = useParams();
  return (
    <EditPage<CaseDeviceBody, Registration>
      load={{
        queryKey: [...caseKeys.vehicleDevice(id, vehicleId), 'with-case'],
        queryFn: async () => {
          const [kase, current] = await Promise.all([fetchCase(id), fetchVehicleDevice(id, vehicleId)]);
          return { kase, current };
        },
      }}
      toValues={deviceValues}
      initialValues={NEW_DEVICE}
      save={(values) => registerDevice(id, vehicleId, cleaned({ ...NEW_DEVICE, ...values }))}
      invalidate={caseKeys.all}
      back={`/cases/${id}/vehicles/${vehicleId}/detail-device`}
      cancelTo={recordAddress(caseResource, 'detail', id)}
    >
      {(registration) => registration && <RegistrationFields registration={registration} />}
    </EditPage>
  );
}

function RegistrationFields({ registration: { kase, current } }: { registration: Registration }) {
  const { t } = useTranslation('cases');
  const options = useDeviceOptions(kase.customer.id);
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('registerFor', { vehicle: current.vehicle.name, number: kase.case_number })}
      </Typography.Title>
      <DeviceFields
        options={options.data}
        deviceId={current.device?.device_id}
        hide={{ vehicle: true, kitting: true }}
      />
    </>
  );
}
