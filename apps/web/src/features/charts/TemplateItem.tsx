// The chart template of a chart or a report, by its name in the user's language.
import { CHART_TEMPLATES } from '@fleetlens/contracts';
import type { FormItemProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChoiceItem } from '../../shell/forms/items';

export function TemplateItem({ rules }: { rules: FormItemProps['rules'] }) {
  const { t } = useTranslation('dashboard');
  return (
    <ChoiceItem
      name="template"
      values={CHART_TEMPLATES}
      labelOf={(template) => t(`templates.${template}`)}
      rules={rules}
    />
  );
}
