// The period of a chart, or of the whole dashboard (batch period change): one of the spec's chart
// periods, or a specific range whose first and last days are asked for only then.
import { CHART_PERIODS, chartFields } from '@fleetlens/contracts';
import { Form } from 'antd';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { ChoiceItem, DateItem } from '../../shell/forms/items';

export function PeriodFields() {
  const fields = useFieldRules(chartFields);
  const period = Form.useWatch('period');
  const range = { required: 'validation.chartRangeRequired' };
  return (
    <>
      <ChoiceItem name="period" values={CHART_PERIODS} labels="periods" rules={fields.rules('period')} />
      {period === 'range' && (
        <>
          <DateItem name="range_start" span="half" rules={fields.required('range_start', range)} />
          <DateItem name="range_end" span="half" rules={fields.required('range_end', range)} />
        </>
      )}
    </>
  );
}
