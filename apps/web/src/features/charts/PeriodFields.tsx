// The period of a chart, or of the whole dashboard (batch period change): one of the spec's chart
// periods, or a specific range whose first and last days are asked for only then.
import { CHART_PERIODS, chartFields, type reportFields } from '@fleetlens/contracts';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { ChoiceItem, DateItem } from '../../shell/forms/items';

export type PeriodFieldsProps = {
  /** The contract whose rules the period follows: a chart's (default) or a report's (required). */
  shape?: typeof chartFields | typeof reportFields;
};

export function PeriodFields({ shape = chartFields }: PeriodFieldsProps) {
  const { t } = useTranslation('report');
  const fields = useFieldRules(shape);
  const period = Form.useWatch('period');
  const range = { required: 'validation.chartRangeRequired' };
  return (
    <>
      <ChoiceItem
        name="period"
        values={CHART_PERIODS}
        labelOf={(period) => t(`periods.${period}`)}
        rules={fields.rules('period')}
      />
      {period === 'range' && (
        <>
          <DateItem name="range_start" span="half" rules={fields.required('range_start', range)} />
          <DateItem name="range_end" span="half" rules={fields.required('range_end', range)} />
        </>
      )}
    </>
  );
}
