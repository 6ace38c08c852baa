// A size, weight or capacity field: a number of at least 0 with its unit, empty allowed (the
// contracts' measure rule, so -5 is refused with a message rather than clamped to 0). The
// unit comes from the field's name (…_mm, …_kg, …_v, …_ah, …_l), as the contracts name them.
import { measure, POWER_TYPES } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import type { Span } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { ChoiceItem, NumberItem } from '../../shell/forms/items';

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

export type MeasureItemProps = { name: string; label?: string; span?: Span };

export function MeasureItem({ name, label, span }: MeasureItemProps) {
  const { t } = useTranslation('vehicles');
  const fields = useFieldRules(MEASURE);
  const unit = unitOf(name);
  return (
    <NumberItem
      name={name}
      label={label ?? t(`fields.${name}`)}
      rules={fields.rules('measure')}
      block
      suffix={unit ? t(`units.${unit}`) : undefined}
      span={span}
    />
  );
}

/** How the vehicle (or model) is powered, or not said. */
export function PowerTypeItem({ span }: { span?: Span }) {
  const { t } = useTranslation('vehicles');
  return (
    <ChoiceItem
      name="power_type"
      label={t('fields.power_type')}
      values={POWER_TYPES}
      labelOf={(p) => t(`powerTypes.${p}`)}
      allowClear
      span={span}
    />
  );
}
