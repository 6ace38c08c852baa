// /rfid/new and /rfid/:id/edit: a card's number, company (on creation only), owner, operator
// group and kitting id. "RFID exists" and the other refusals of the server show under their field.
import { type Rfid, type RfidCreateBody, rfidCreateSchema } from '@fleetlens/contracts';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditPage, useResourceRecord } from '../../shell/forms/EditPage';
import { Cell, FormSection } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { PickItem } from '../../shell/forms/PickItem';
import { TextItem } from '../../shell/forms/TextItem';
import { ReadOnlyField } from '../../shell/ReadOnlyField';
import { CustomerField } from '../customers/CustomerField';
import { useGroupOptions } from '../operators/api';
import { createRfid, rfids, updateRfid } from './api';

export function RfidFormPage() {
  const { id, form, record } = useResourceRecord<RfidCreateBody, Rfid>(rfids, 'rfids');
  return (
    <EditPage<RfidCreateBody, Rfid>
      {...record}
      toValues={(c) => ({ ...c, customer_id: c.customer.id, group_id: c.group.id })}
      save={({ customer_id, ...body }) => (id ? updateRfid(id, body) : createRfid({ ...body, customer_id }))}
    >
      {(card) => <RfidFields form={form} card={card} />}
    </EditPage>
  );
}

function RfidFields({
  form,
  card,
}: {
  form: ReturnType<typeof Form.useForm<RfidCreateBody>>[0];
  card?: Rfid;
}) {
  const { t } = useTranslation('rfids');
  const fields = useFieldRules(rfidCreateSchema.shape);
  const chosen = Form.useWatch('customer_id', form);
  const groups = useGroupOptions(card?.customer.id ?? chosen);
  return (
    <FormSection title={t('sections.card')}>
      <TextItem fields={fields} name="rfid" autoComplete="off" />
      <CustomerField
        form={form}
        fixed={card?.customer}
        rules={fields.rules('customer_id')}
        onChange={() => form.setFieldValue('group_id', undefined)}
      />
      <TextItem fields={fields} name="owner" />
      <PickItem name="group_id" label={t('fields.group')} rules={fields.rules('group_id')} options={groups} />
      <TextItem fields={fields} name="kitting_id" />
      {card && (
        <Cell>
          <ReadOnlyField label={t('fields.created_by')} value={card.created_by ?? ''} />
        </Cell>
      )}
    </FormSection>
  );
}
