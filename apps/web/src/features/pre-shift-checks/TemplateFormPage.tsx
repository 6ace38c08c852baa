// /pre-shift-templates/new and /pre-shift-templates/:id/edit: a company's checklist for one vehicle
// type: its items in the order the operator is asked them, each critical or not (a failed critical
// item locks the vehicle). The rules are the contracts' (checkTemplateBodySchema); a second
// checklist of the same type comes back from the server under the vehicle type.
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CHECK_ITEMS_MAX,
  type CheckItem,
  type CheckTemplate,
  type CheckTemplateBody,
  checkItemSchema,
  checkTemplateBodySchema,
  VEHICLE_TYPES,
} from '@fleetlens/contracts';
import { Button, Flex, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditPage, useResourceRecord } from '../../shell/forms/EditPage';
import { FormSection } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { ChoiceItem } from '../../shell/forms/items';
import { CustomerField } from '../customers/CustomerField';
import { checkTemplates } from './api';

type Values = CheckTemplateBody;

const NEW_ITEM: CheckItem = { text: '', critical: false };
const DEFAULTS: Partial<Values> = { items: [NEW_ITEM] };

function ItemList() {
  const { t } = useTranslation('pre-shift-checks');
  const itemRules = useFieldRules(checkItemSchema.shape);
  return (
    <Form.List name="items">
      {(rows, { add, remove, move }) => (
        <Flex vertical gap={8} style={{ width: '100%' }}>
          {rows.map((row, index) => (
            <Flex key={row.key} gap={8} align="start" wrap data-testid="template-item">
              <Form.Item
                name={[row.name, 'text']}
                rules={itemRules.rules('text')}
                style={{ flex: '1 1 260px', marginBottom: 0 }}
              >
                <Input
                  aria-label={t('fields.itemText', { n: index + 1 })}
                  placeholder={t('fields.itemText', { n: index + 1 })}
                />
              </Form.Item>
              <Form.Item name={[row.name, 'critical']} valuePropName="checked" style={{ marginBottom: 0 }}>
                <Switch
                  aria-label={t('fields.itemCritical', { n: index + 1 })}
                  checkedChildren={t('critical')}
                  unCheckedChildren={t('notCritical')}
                />
              </Form.Item>
              <Button
                icon={<ArrowUpOutlined />}
                aria-label={t('actions.up')}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              />
              <Button
                icon={<ArrowDownOutlined />}
                aria-label={t('actions.down')}
                disabled={index === rows.length - 1}
                onClick={() => move(index, index + 1)}
              />
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('actions.removeItem')}
                disabled={rows.length === 1}
                onClick={() => remove(row.name)}
              />
            </Flex>
          ))}
          <Button
            icon={<PlusOutlined />}
            onClick={() => add({ ...NEW_ITEM })}
            disabled={rows.length >= CHECK_ITEMS_MAX}
            style={{ alignSelf: 'start' }}
          >
            {t('actions.addItem')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

export function TemplateFormPage() {
  const { id, record } = useResourceRecord<Values, CheckTemplate>(checkTemplates, 'pre-shift-checks');
  const { t } = useTranslation('pre-shift-checks');
  const fields = useFieldRules(checkTemplateBodySchema.shape);
  const save = ({ customer_id, vehicle_type, items = [] }: Values) => {
    const body = {
      vehicle_type,
      items: items.map((i) => ({ text: i.text ?? '', critical: i.critical ?? false })),
    };
    return id ? checkTemplates.update(id, body) : checkTemplates.create({ customer_id, ...body });
  };
  return (
    <EditPage<Values, CheckTemplate>
      {...record}
      toValues={({ vehicle_type, items }) => ({ vehicle_type, items })}
      initialValues={DEFAULTS}
      save={save}
      style={{ maxWidth: 900 }}
    >
      {(template) => (
        <>
          <FormSection title={t('sections.template')}>
            <CustomerField
              form={record.form}
              fixed={template?.customer}
              label={t('fields.customer')}
              rules={fields.rules('customer_id')}
              span="half"
            />
            <ChoiceItem
              name="vehicle_type"
              values={VEHICLE_TYPES}
              labelOf={(v) => t(`vehicles:vehicleTypes.${v}`)}
              rules={fields.rules('vehicle_type')}
              span="half"
            />
          </FormSection>
          <FormSection title={t('sections.items')} grid={false}>
            <ItemList />
          </FormSection>
        </>
      )}
    </EditPage>
  );
}
