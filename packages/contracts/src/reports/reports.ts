// Reports (domain spec "Report": name, chart template, selected objects, period, shown on
// dashboard, author, updated datetime; required: name, a selection of operator, vehicle, vehicle
// group or operator group, and the period). A report is a chart template over its own selection
// and period, read at /report/{id}/detail, exported as PDF, CSV and XLSX, and, when shown on the
// dashboard, drawn there as a card. Called at /api/v1/reports. Choices:
// docs/decisions/2026-11-26-reports.md.
import { z } from 'zod';
import { listQueryOf } from '../api/errors.ts';
import { recordTimes, refSchema } from '../api/records.ts';
import {
  CHART_PERIODS,
  CHART_TEMPLATES,
  chartDataSchema,
  chartIds,
  chartPeriodFields,
  checkRange,
  RANGE_RULE,
} from '../charts/charts.ts';
import { textRequired } from '../validation/fields.ts';

export const REPORT_NAME_MAX = 100;
/** The export formats of a report's figures. */
export const REPORT_FORMATS = ['pdf', 'csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The fields of a report as a form sends them (a form's rules are read from this shape). */
export const reportFields = {
  name: textRequired('validation.reportNameRequired', REPORT_NAME_MAX),
  template: z.enum(CHART_TEMPLATES, 'validation.chartRequired'),
  period: z.enum(CHART_PERIODS, 'validation.reportPeriodRequired'),
  range_start: chartPeriodFields.range_start,
  range_end: chartPeriodFields.range_end,
  operator_ids: chartIds,
  vehicle_ids: chartIds,
  /** Vehicle groups: their vehicles are counted. */
  group_ids: chartIds,
  /** Operator groups: their operators are counted. */
  operator_group_ids: chartIds,
  /** Drawn as a card on the dashboard of every user of the company who may read reports. */
  on_dashboard: z.boolean('validation.invalidType').default(false),
};

type Selected = {
  operator_ids: string[];
  vehicle_ids: string[];
  group_ids: string[];
  operator_group_ids: string[];
};

/** The spec's "selection of operator, vehicle, vehicle group or operator group": at least one. */
const checkSelection = (v: Selected, ctx: z.RefinementCtx) => {
  if (v.operator_ids.length + v.vehicle_ids.length + v.group_ids.length + v.operator_group_ids.length === 0)
    ctx.addIssue({ code: 'custom', path: ['vehicle_ids'], message: 'validation.reportSelectionRequired' });
};

const SELECTIONS = ['vehicle_ids', 'group_ids', 'operator_ids', 'operator_group_ids'] as const;

export const reportBodySchema = z
  .object(reportFields)
  .superRefine((v, ctx) => {
    checkRange(v, ctx);
    checkSelection(v, ctx);
  })
  .meta({
    description: `At least one of vehicle_ids, group_ids, operator_ids or operator_group_ids is not empty (the anyOf). ${RANGE_RULE}`,
    // checkSelection written out for JSON Schema, so a generated client knows a bare body is refused.
    anyOf: SELECTIONS.map((field) => ({ required: [field], properties: { [field]: { minItems: 1 } } })),
  });
export type ReportBody = z.input<typeof reportBodySchema>;
export type ReportInput = z.output<typeof reportBodySchema>;

export const reportSchema = z.object({
  id: z.string(),
  customer: refSchema,
  author: refSchema,
  ...reportFields,
  /** How many of the selected objects the reader may not see (left out of what they read). */
  hidden: z.number(),
  ...recordTimes,
});
export type Report = z.infer<typeof reportSchema>;

/** GET /reports: filter on the name; template and author narrow it. */
export const reportListQuerySchema = listQueryOf(['name', 'template', 'author', 'updated_at'], {
  template: z.enum(CHART_TEMPLATES, 'validation.invalidEnum').optional(),
  author_id: z.uuid('validation.invalid').optional(),
  on_dashboard: z
    .enum(['true', 'false'], 'validation.invalidEnum')
    .transform((v) => v === 'true')
    .optional(),
});
export type ReportListQuery = z.infer<typeof reportListQuerySchema>;

/** A report's figures: the chart's, with the report's own id. */
export const reportDataSchema = chartDataSchema.extend({ hidden: z.number() });
export type ReportData = z.infer<typeof reportDataSchema>;
