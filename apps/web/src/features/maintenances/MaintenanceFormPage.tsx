// /maintenances/new and /maintenances/:id/edit: a plan's customer (fixed once created), its item
// (the kind of maintenance, of that customer), its cycle, its warning before the cycle ends and,
// beside a meter cycle, a calendar cycle (due at whichever comes first). The warning's rule is the
// contracts' (warningBeforeCycle), checked here as the server checks it.
import {
  CALENDAR_UNITS,
  CYCLE_UNITS,
  calendarBesideMeter,
  type Maintenance,
  type MaintenanceBody,
  maintenanceBodySchema,
  warningBeforeCycle,
} from '@fleetlens/contracts';
import { Form, type FormRule } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EditPage, useResourceRecord } from '../../shell/forms/EditPage';
import { FormSection } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { ChoiceItem, NumberItem } from '../../shell/forms/items';
import { PickItem } from '../../shell/forms/PickItem';
import { TextItem } from '../../shell/forms/TextItem';
import { CustomerField } from '../customers/CustomerField';
import { maintenances, useMaintenanceItemOptions } from './api';

const DEFAULTS: Partial<MaintenanceBody> = {
  cycle_unit: 'operating_hours',
  warning_type: 'operating_hours',
  calendar_unit: null,
  calendar_value: null,
  description: '',
};

const toValues = (p: Maintenance): Partial<MaintenanceBody> => ({
  customer_id: p.customer.id,
  item_id: p.item.id,
  cycle_unit: p.cycle_unit,
  cycle_value: p.cycle_value,
  warning_time: p.warning_time,
  warning_type: p.warning_type,
  calendar_unit: p.calendar_unit,
  calendar_value: p.calendar_value,
  description: p.description,
});

function ItemPicker({ fixed }: { fixed: string | undefined }) {
  const form = Form.useFormInstance();
  const chosen = Form.useWatch('customer_id', form) as string | undefined;
  const customer = fixed ?? chosen;
  const fields = useFieldRules(maintenanceBodySchema.shape);
  const options = useMaintenanceItemOptions(customer, !!customer);
  return <PickItem name="item_id" rules={fields.rules('item_id')} options={options} span="half" />;
}

type UnitAndValueProps = {
  unit: keyof MaintenanceBody;
  units: readonly string[];
  /** Without them the unit may be cleared (the calendar cycle is not needed). */
  unitRules?: FormRule[];
  value: keyof MaintenanceBody;
  valueRules: FormRule[];
  /** The fields the value's rules read. */
  dependencies: (keyof MaintenanceBody)[];
  extra?: ReactNode;
};

/**
 * A length of time as a plan counts it (its cycle, the warning before it, its calendar cycle): its
 * unit, and how many of it.
 */
function UnitAndValue({ unit, units, unitRules, value, valueRules, dependencies, extra }: UnitAndValueProps) {
  return (
    <>
      <ChoiceItem
        name={unit}
        values={units}
        labels="unitNames"
        rules={unitRules}
        allowClear={!unitRules}
        span="half"
      />
      <NumberItem
        name={value}
        rules={valueRules}
        dependencies={dependencies}
        extra={extra}
        block
        span="half"
      />
    </>
  );
}

export function MaintenanceFormPage() {
  const { id, record } = useResourceRecord<MaintenanceBody, Maintenance>(maintenances, 'maintenances');
  const { t } = useTranslation('maintenances');
  const fields = useFieldRules(maintenanceBodySchema.shape);
  const warning = fields.objectRule(warningBeforeCycle);
  const calendar = fields.objectRule(calendarBesideMeter);
  const save = ({ customer_id, ...body }: MaintenanceBody) =>
    id ? maintenances.update(id, body) : maintenances.create({ customer_id, ...body });
  return (
    <EditPage<MaintenanceBody, Maintenance>
      {...record}
      toValues={toValues}
      initialValues={DEFAULTS}
      save={(values) => save({ ...DEFAULTS, ...values } as MaintenanceBody)}
      style={{ maxWidth: 960 }}
    >
      {(plan) => (
        <>
          <FormSection title={t('sections.plan')}>
            <CustomerField
              form={record.form}
              fixed={plan?.customer}
              rules={fields.rules('customer_id')}
              onChange={() => record.form.setFieldValue('item_id', undefined)}
              span="half"
            />
            <ItemPicker fixed={plan?.customer.id} />
            <UnitAndValue
              unit="cycle_unit"
              units={CYCLE_UNITS}
              unitRules={fields.rules('cycle_unit')}
              value="cycle_value"
              valueRules={fields.rules('cycle_value')}
              dependencies={['cycle_unit']}
            />
            <UnitAndValue
              unit="warning_type"
              units={CYCLE_UNITS}
              unitRules={fields.rules('warning_type')}
              value="warning_time"
              valueRules={[...fields.rules('warning_time'), ...warning]}
              dependencies={['cycle_unit', 'cycle_value', 'warning_type']}
            />
          </FormSection>
          <FormSection title={t('sections.calendar')}>
            <UnitAndValue
              unit="calendar_unit"
              units={CALENDAR_UNITS}
              value="calendar_value"
              valueRules={[fields.check(maintenanceBodySchema.shape.calendar_value), ...calendar]}
              dependencies={['calendar_unit', 'cycle_unit']}
              extra={t('calendarHint')}
            />
            <TextItem fields={fields} name="description" rows={3} />
          </FormSection>
        </>
      )}
    </EditPage>
  );
}
