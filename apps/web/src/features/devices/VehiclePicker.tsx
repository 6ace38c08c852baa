// The device form's vehicle picker. A customer may have thousands of vehicles: the picker asks
// the server for those whose name holds what the user types (a short pause after the last key),
// a page at most, and always for the vehicle already chosen so an edited device shows its name.
// Each option shows the vehicle's state (its device's, live), as every vehicle list does.
import { DEVICE_VEHICLE_OPTIONS_LIMIT } from '@fleetlens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { VehicleOptionLabel } from '../../kernel/VehicleState';
import { useSettledText } from '../../shell/useSettledText';
import { deviceKeys, fetchVehicleOptions } from './api';

type VehiclePickerProps = {
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  /** The device id of the device being edited: its own vehicle stays selectable. */
  deviceId?: string;
};

export function VehiclePicker({ value, onChange, id, deviceId }: VehiclePickerProps) {
  const { t } = useTranslation('devices');
  const customerId: string | undefined = Form.useWatch('customer_id');
  const { typed, setTyped, settled: search } = useSettledText();

  const params = { customerId: customerId ?? '', q: search, vehicleId: value ?? undefined };
  const vehicles = useQuery({
    queryKey: deviceKeys.vehicleOptions(params),
    queryFn: () => fetchVehicleOptions(params),
    enabled: !!customerId,
    placeholderData: keepPreviousData,
  });
  const taken = (usedBy: string | null) => usedBy !== null && usedBy !== deviceId;
  const options = (vehicles.data ?? []).map((v) => ({
    value: v.id,
    label: taken(v.device_id) ? `${v.name} (${t('inUseBy', { id: v.device_id })})` : v.name,
    disabled: taken(v.device_id),
    state: v.state,
  }));
  const more = options.length >= DEVICE_VEHICLE_OPTIONS_LIMIT;

  return (
    <Select
      id={id}
      allowClear
      showSearch
      filterOption={false}
      searchValue={typed}
      onSearch={setTyped}
      onChange={(next?: string) => {
        setTyped('');
        onChange?.(next ?? null);
      }}
      value={value}
      loading={vehicles.isFetching}
      placeholder={t('none')}
      notFoundContent={vehicles.isFetching ? t('searching') : t('noVehicleFound')}
      options={options}
      optionRender={(o) => <VehicleOptionLabel label={o.data.label} state={o.data.state} />}
      popupRender={(menu) => (
        <>
          {menu}
          {more && <div style={{ padding: '4px 12px', opacity: 0.65 }}>{t('typeToNarrow')}</div>}
        </>
      )}
    />
  );
}
