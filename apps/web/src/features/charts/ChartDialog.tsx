// Adds or edits a chart: the spec's fields, their rules read from the contracts. Vehicles, groups
// and operators are offered when the user may read them; none chosen means all they see.
import {
  CHART_WIDTHS,
  type Chart,
  type ChartBody,
  chartFields,
  operatorResource,
  routeRoles,
  vehicleGroupResource,
} from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { nameOptions, useResourceRows } from '../../api/resource';
import { useMay } from '../../routes/useMay';
import { EditDialog } from '../../shell/forms/EditDialog';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { ChoiceItem, SwitchItem } from '../../shell/forms/items';
import { TextItem } from '../../shell/forms/TextItem';
import { operators } from '../operators/api';
import { useVehicleGroupOptions } from '../vehicle-groups/api';
import { vehicles } from '../vehicles/api';
import { chartKeys, createChart, updateChart } from './api';
import { PeriodFields } from './PeriodFields';
import { SelectionPicker } from './SelectionPicker';
import { TemplateItem } from './TemplateItem';

export type ChartDialogProps = {
  /** The chart edited; null for a new one. */
  chart: Chart | null;
  open: boolean;
  onClose: () => void;
};

const NEW_CHART: Partial<ChartBody> = {
  template: 'eventsPerType',
  width: 'md',
  period: 'today',
  private: false,
  realtime: false,
  batch_change: true,
};

/** The fields a chart's form holds, from a saved chart. */
const valuesOf = ({ id, customer, owner, position, created_at, updated_at, ...body }: Chart): ChartBody =>
  body;

export function ChartDialog({ chart, open, onClose }: ChartDialogProps) {
  const { t } = useTranslation('charts');
  const fields = useFieldRules(chartFields);
  const may = useMay();
  const seesVehicles = open && may(...routeRoles('vehicles'));
  const seesOperators = open && may(...routeRoles(operatorResource.pages.list));
  const vehicleRows = useResourceRows(vehicles, { order_by: 'name' }, seesVehicles);
  const groupOptions = useVehicleGroupOptions(
    undefined,
    open && may(...routeRoles(vehicleGroupResource.pages.list)),
  );
  const operatorRows = useResourceRows(operators, {}, seesOperators);
  return (
    <EditDialog<ChartBody, Chart>
      labels="charts"
      open={open}
      title={chart ? t('editTitle') : t('newTitle')}
      values={chart ? valuesOf(chart) : NEW_CHART}
      onClose={onClose}
      save={(values) => {
        const body = {
          ...values,
          range_start: values.range_start || null,
          range_end: values.range_end || null,
        };
        return chart ? updateChart(chart.id, body) : createChart(body);
      }}
      invalidate={chartKeys.all}
    >
      <TextItem fields={fields} name="name" />
      <TemplateItem rules={fields.rules('template')} />
      <ChoiceItem name="width" values={CHART_WIDTHS} labels="widths" rules={fields.rules('width')} />
      <PeriodFields />
      {seesVehicles && (
        <SelectionPicker name="vehicle_ids" options={nameOptions(vehicleRows)} extra={t('selectionHint')} />
      )}
      {groupOptions.length > 0 && <SelectionPicker name="group_ids" options={groupOptions} />}
      {seesOperators && (
        <SelectionPicker
          name="operator_ids"
          options={operatorRows.map((o) => ({ value: o.id, label: `${o.first_name} ${o.last_name}` }))}
        />
      )}
      <TextItem fields={fields} name="name_prefix" span="half" />
      <TextItem fields={fields} name="name_suffix" span="half" />
      <SwitchItem name="private" span="third" />
      <SwitchItem name="realtime" span="third" />
      <SwitchItem name="batch_change" span="third" />
    </EditDialog>
  );
}
