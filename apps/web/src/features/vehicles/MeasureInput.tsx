// A size, weight or capacity field: a number of at least 0 with its unit, empty allowed (the
// contracts' measure rule, so -5 is refused with a message rather than clamped to 0). The
// unit comes from the field's name (…_mm, …_kg, …_v, …_ah, …_l), as the contracts name them.
import { measure, POWER_TYPES } from '@fleetlens/contracts';
import { Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldRules } from '../../shell/forms/fieldRules';

const MEASURE = { measure: measure() };

const UNITS: [RegExp, string][] = [
  [/_mm$/, 'mm'],
  [/_kg$/, 'kg'],
  [/_ah$/, 'ah'],
  [/_v$/, 'v'],
  [/_l$/, 'l'],
];

export const unitOf = (field: string): string | undefined =>
  UNITS.find(([pattern]) => pattern.test(field))?.[1];

export function MeasureItem({ name, label }: { name: string; label?: string }) {
  const { t } = useTranslation('vehicles');
  const fields = useFieldRules(MEASURE);
  const unit = unitOf(name);
  return (
    <Form.Item name={name} label={label ?? t(`fields.${name}`)} rules={fields.rules('measure')}>
      <InputNumber style={{ width: '100%' }} suffix={unit ? t(`units.${unit}`) : undefined} />
    </Form.Item>
  );
}

/** How the vehicle (or model) is powered, or not said. */
export function PowerTypeItem() {
  const { t } = useTranslation('vehicles');
  return (
    <Form.Item name="power_type" label={t('fields.power_type')}>
      <Select allowClear options={POWER_TYPES.map((p) => ({ value: p, label: t(`powerTypes.${p}`) }))} />
    </Form.Item>
  );
}
