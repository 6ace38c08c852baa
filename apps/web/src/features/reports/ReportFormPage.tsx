// /report/new and /report/:id/edit: the spec's fields of a report (name, chart template, selected
// objects, period, shown on dashboard), their rules read from the contracts; the selection is
// required (at least one operator, vehicle, vehicle group or operator group), its message the
// server's. The pickers offer what the user may read. An edit opens with the report's own values,
// so saving sends back unchanged whatever the user did not touch.
import {
  operatorGroupResource,
  operatorResource,
  type Report,
  type ReportBody,
  reportBodySchema,
  reportFields,
  routeRoles,
  vehicleGroupResource,
  vehicleResource,
} from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { nameOptions, useResourceRows } from '../../api/resource';
import { useMay } from '../../routes/useMay';
import { EditPage, useEditedRecord } from '../../shell/forms/EditPage';
import { FormSection } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { SwitchItem } from '../../shell/forms/items';
import { TextItem } from '../../shell/forms/TextItem';
import { PeriodFields } from '../charts/PeriodFields';
import { SelectionPicker } from '../charts/SelectionPicker';
import { TemplateItem } from '../charts/TemplateItem';
import { operatorGroups, operators } from '../operators/api';
import { useVehicleGroupOptions } from '../vehicle-groups/api';
import { vehicles } from '../vehicles/api';
import { createReport, fetchReport, reportKeys, updateReport } from './api';

const FIELDS = Object.keys(reportBodySchema.shape) as (keyof ReportBody)[];
const NEW_REPORT: Partial<ReportBody> = {
  template: 'eventsPerType',
  period: 'thisWeek',
  vehicle_ids: [],
  group_ids: [],
  operator_ids: [],
  operator_group_ids: [],
  on_dashboard: false,
};

/** The form's values of a saved report: the contract's fields, so saving sends back what was not touched. */
const toValues = (report: Report): Partial<ReportBody> =>
  Object.fromEntries(FIELDS.map((f) => [f, report[f]])) as Partial<ReportBody>;

/** The form's values as the server takes them: the contract's fields, an empty day as none. */
const bodyOf = (values: Partial<ReportBody>) =>
  ({
    ...Object.fromEntries(FIELDS.map((f) => [f, values[f] ?? NEW_REPORT[f]])),
    range_start: values.range_start || null,
    range_end: values.range_end || null,
  }) as ReportBody;

export function ReportFormPage() {
  const { id, record } = useEditedRecord<ReportBody, Report>(reportKeys, fetchReport, 'reports');
  const { t } = useTranslation('reports');
  const fields = useFieldRules(reportFields);
  const may = useMay();
  const vehicleRows = useResourceRows(
    vehicles,
    { order_by: 'name' },
    may(...routeRoles(vehicleResource.pages.list)),
  );
  const groupOptions = useVehicleGroupOptions(undefined, may(...routeRoles(vehicleGroupResource.pages.list)));
  const operatorRows = useResourceRows(operators, {}, may(...routeRoles(operatorResource.pages.list)));
  const operatorGroupRows = useResourceRows(
    operatorGroups,
    {},
    may(...routeRoles(operatorGroupResource.pages.list)),
  );
  return (
    <EditPage<ReportBody, Report>
      {...record}
      initialValues={NEW_REPORT}
      toValues={toValues}
      save={(values) => (id ? updateReport(id, bodyOf(values)) : createReport(bodyOf(values)))}
      back="/report/listings"
    >
      {() => (
        <>
          <FormSection title={t('sections.report')}>
            <TextItem fields={fields} name="name" />
            <TemplateItem rules={fields.rules('template')} />
            <PeriodFields shape={reportFields} />
            <SwitchItem name="on_dashboard" />
          </FormSection>
          <FormSection title={t('sections.selection')}>
            <SelectionPicker span="half" name="vehicle_ids" options={nameOptions(vehicleRows)} />
            <SelectionPicker span="half" name="group_ids" options={groupOptions} />
            <SelectionPicker
              span="half"
              name="operator_ids"
              options={operatorRows.map((o) => ({ value: o.id, label: `${o.first_name} ${o.last_name}` }))}
            />
            <SelectionPicker span="half" name="operator_group_ids" options={nameOptions(operatorGroupRows)} />
          </FormSection>
        </>
      )}
    </EditPage>
  );
}
