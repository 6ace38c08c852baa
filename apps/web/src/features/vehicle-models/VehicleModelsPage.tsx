// /vehicle-models: the vehicle master of the companies the user may see, searchable, filtered by
// customer, vendor and power type, paged and sorted on the server.
import { POWER_TYPES, type VehicleModel } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { withUnit } from '../../kernel/format';
import { customerColumn, nameColumn, textColumn } from '../../shell/lists/columns';
import { ListFilter } from '../../shell/lists/ListFilter';
import { ListPage } from '../../shell/lists/ListPage';
import { useEditDeleteColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { CustomerFilter } from '../customers/CustomerFilter';
import { useManufacturerOptions } from '../manufacturers/api';
import { vehicleModels } from './api';

export function VehicleModelsPage() {
  const { t } = useTranslation('vehicles');
  const list = useResourceList(vehicleModels, t, { words: 'models.', sort: 'name' });
  const vendors = useManufacturerOptions(list.params.customer_id);
  const powerType = (m: VehicleModel) => (m.power_type ? t(`powerTypes.${m.power_type}`) : '');
  const ratedLoad = (m: VehicleModel) => withUnit(m.rated_load_kg, t('units.kg'));
  const text = (key: 'series_name' | 'model_name') =>
    textColumn<VehicleModel>(t(`fields.${key}`), key, (m) => m[key], { sorter: true });

  const columns: ListColumn<VehicleModel>[] = [
    nameColumn(t('fields.name')),
    textColumn(t('fields.manufacturer'), 'manufacturer', (m) => m.manufacturer.name, {
      sorter: true,
      long: true,
    }),
    text('series_name'),
    text('model_name'),
    textColumn(t('fields.power_type'), 'power_type', powerType, { sorter: true, codes: POWER_TYPES }),
    textColumn(t('fields.rated_load_kg'), 'rated_load_kg', ratedLoad, { sorter: true, align: 'right' }),
    customerColumn(t('fields.customer'), false),
    useEditDeleteColumn<VehicleModel>(t, { resource: vehicleModels }),
  ];

  return (
    <ListPage
      list={list}
      filters={
        <>
          <CustomerFilter
            onChange={(customer_id) => list.refine({ customer_id, manufacturer_id: undefined })}
          />
          <ListFilter
            label={t('fields.manufacturer')}
            width={220}
            options={vendors}
            value={list.params.manufacturer_id}
            onChange={(manufacturer_id) => list.refine({ manufacturer_id })}
          />
          <ListFilter
            label={t('fields.power_type')}
            options={POWER_TYPES.map((p) => ({ value: p, label: t(`powerTypes.${p}`) }))}
            onChange={(power_type) => list.refine({ power_type })}
          />
        </>
      }
      columns={columns}
    />
  );
}
