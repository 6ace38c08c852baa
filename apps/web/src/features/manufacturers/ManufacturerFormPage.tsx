// /manufacturers/new and /manufacturers/:id/edit: a vehicle vendor's customer, name and
// description. A name the customer already uses comes back from the server under its field.
import { type Manufacturer, type ManufacturerBody, manufacturerBodySchema } from '@fleetlens/contracts';
import { EditPage, useResourceRecord } from '../../shell/forms/EditPage';
import { FormSection } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { NamedRecordFields } from '../customers/NamedRecordFields';
import { createManufacturer, manufacturers, updateManufacturer } from './api';

export function ManufacturerFormPage() {
  const { id, record } = useResourceRecord<ManufacturerBody, Manufacturer>(manufacturers, 'vehicles');
  const fields = useFieldRules(manufacturerBodySchema.shape);
  return (
    <EditPage<ManufacturerBody, Manufacturer>
      {...record}
      toValues={({ name, description }) => ({ name, description })}
      save={({ customer_id, name, description = '' }) =>
        id
          ? updateManufacturer(id, { name, description })
          : createManufacturer({ customer_id, name, description })
      }
      style={{ maxWidth: 720 }}
    >
      {(manufacturer) => (
        <FormSection grid={false}>
          <NamedRecordFields fields={fields} fixed={manufacturer?.customer} />
        </FormSection>
      )}
    </EditPage>
  );
}
