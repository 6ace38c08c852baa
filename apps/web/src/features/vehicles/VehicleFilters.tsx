// The vehicle list's filters (the server's list parameters): customer, group, vendor, model,
// vehicle type, installation type, power type, maintenance mode and state (running, stopping,
// online, offline).
import { INSTALLATION_TYPES, POWER_TYPES, VEHICLE_TYPES } from '@fleetlens/contracts';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { VehicleStateFilter } from '../../kernel/VehicleState';
import { VehicleTypeIcon } from '../../kernel/VehicleTypeIcon';
import { ListFilter, type ListFilterOption } from '../../shell/lists/ListFilter';
import { CustomerFilter } from '../customers/CustomerFilter';
import { useManufacturerOptions } from '../manufacturers/api';
import { useVehicleGroupOptions } from '../vehicle-groups/api';
import { useVehicleModels } from '../vehicle-models/api';
import type { VehicleListParams } from './api';

export type VehicleFiltersProps = {
  params: VehicleListParams;
  refine: (next: Partial<VehicleListParams>) => void;
};

export function VehicleFilters({ params, refine }: VehicleFiltersProps) {
  const { t } = useTranslation('vehicles');
  const groups = useVehicleGroupOptions(params.customer_id);
  const vendors = useManufacturerOptions(params.customer_id);
  const models = useVehicleModels({ customerId: params.customer_id, manufacturerId: params.manufacturer_id });
  const select = (
    key: keyof VehicleListParams,
    label: string,
    options: ListFilterOption<string>[],
    width = 200,
  ) => (
    <ListFilter
      label={label}
      width={width}
      value={params[key] as string | undefined}
      options={options}
      onChange={(value) => refine({ [key]: value })}
    />
  );
  return (
    <Space wrap>
      <CustomerFilter
        onChange={(customer_id) =>
          refine({ customer_id, group_id: undefined, manufacturer_id: undefined, model_id: undefined })
        }
      />
      {select('group_id', t('fields.group'), groups)}
      <ListFilter
        label={t('fields.manufacturer')}
        value={params.manufacturer_id}
        options={vendors}
        onChange={(manufacturer_id) => refine({ manufacturer_id, model_id: undefined })}
      />
      {select(
        'model_id',
        t('fields.model'),
        models.map((m) => ({ value: m.id, label: m.name })),
      )}
      {select(
        'vehicle_type',
        t('fields.vehicle_type'),
        VEHICLE_TYPES.map((v) => ({
          value: v,
          title: t(`vehicleTypes.${v}`),
          label: (
            <Space size={6}>
              <VehicleTypeIcon type={v} size={14} />
              {t(`vehicleTypes.${v}`)}
            </Space>
          ),
        })),
        240,
      )}
      {select(
        'installation_type',
        t('fields.installation_type'),
        INSTALLATION_TYPES.map((v) => ({ value: v, label: t(`installationTypes.${v}`) })),
        180,
      )}
      {select(
        'power_type',
        t('fields.power_type'),
        POWER_TYPES.map((v) => ({ value: v, label: t(`powerTypes.${v}`) })),
        180,
      )}
      {select(
        'maintenance_mode',
        t('fields.maintenance_mode'),
        [
          { value: 'true', label: t('vehicles.maintenanceOn') },
          { value: 'false', label: t('vehicles.maintenanceOff') },
        ],
        180,
      )}
      <VehicleStateFilter value={params.state} onChange={(state) => refine({ state })} />
    </Space>
  );
}
