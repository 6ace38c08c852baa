// How a logged change reads: the record's columns under the labels its own form gives them, and
// stored times (UTC, as the database writes them) in the browser's zone like the rest of the console.
import { serverTimeToLocal } from '@fleetlens/contracts';
import type { i18n } from 'i18next';
import type { AuditRow } from './api';

/** An assignment's and an execution's columns under the plan's screens' words. */
const MAINTENANCE_ALIASES = {
  customer_id: 'fields.customer',
  maintenance_id: 'sections.plan',
  recorded_by_name: 'fields.recorded_by',
};

/** Where each entity's form keeps its labels, and the columns its form names differently. */
const FORM_LABELS: Record<string, { ns: string; aliases?: Record<string, string> }> = {
  customer: {
    ns: 'customers',
    aliases: {
      live_continuous_seconds: 'live.continuous',
      live_monthly_max_seconds: 'live.monthlyMax',
      live_remaining_seconds: 'live.remaining',
    },
  },
  role: { ns: 'roles', aliases: { customer_id: 'fields.customer' } },
  user: {
    ns: 'users',
    aliases: { customer_id: 'fields.customer', role_id: 'fields.role', is_manager: 'fields.manager' },
  },
  notification: { ns: 'notifications' },
  vehicle: { ns: 'vehicles' },
  device: { ns: 'devices' },
  case: { ns: 'cases' },
  operator: { ns: 'operators' },
  rfid: { ns: 'rfids' },
  maintenance_item: { ns: 'maintenances', aliases: { customer_id: 'fields.customer' } },
  maintenance: { ns: 'maintenances', aliases: { customer_id: 'fields.customer' } },
  maintenance_vehicle: { ns: 'maintenances', aliases: MAINTENANCE_ALIASES },
  maintenance_execution: { ns: 'maintenances', aliases: MAINTENANCE_ALIASES },
  zone: { ns: 'zones', aliases: { customer_id: 'fields.location', polygon: 'fields.ring' } },
};
/** The groups a form's locale file keeps its field labels in. */
const LABEL_GROUPS = ['fields', 'flags', 'notify'];

/** The form's label of `field` in the current language; the column's own name when the form has none. */
export function fieldLabel(i18n: Pick<i18n, 't' | 'exists'>, entity: string, field: string): string {
  const form = FORM_LABELS[entity];
  if (!form) return field;
  const alias = form.aliases?.[field];
  const keys = [...(alias ? [alias] : []), ...LABEL_GROUPS.map((group) => `${group}.${field}`)];
  const key = keys.find((k) => i18n.exists(`${form.ns}:${k}`));
  return key ? i18n.t(`${form.ns}:${key}`) : field;
}

// A timestamp as PostgreSQL's to_jsonb writes it (2026-11-23T13:21:11.123+00:00); dates without a
// time (a release note's day) are days everywhere and stay as they are.
const STORED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;

/** A value of a record as the audit log shows it ('—' for none). */
export const shownValue = (value: unknown): string =>
  value === undefined || value === null || value === ''
    ? '—'
    : typeof value === 'string' && STORED_TIME.test(value)
      ? serverTimeToLocal(value) || value
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

// Bookkeeping columns that change on every write and say nothing to a reader.
const QUIET = new Set(['updated_at']);

/** The fields whose value differs between before and after (all of them for a create or delete). */
export function changedFields(entry: Pick<AuditRow, 'before' | 'after'>) {
  const keys = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  return [...keys]
    .filter((k) => !QUIET.has(k))
    .filter((k) => JSON.stringify(entry.before?.[k]) !== JSON.stringify(entry.after?.[k]))
    .sort()
    .map((field) => ({
      field,
      before: shownValue(entry.before?.[field]),
      after: shownValue(entry.after?.[field]),
    }));
}
