// A zone as its form holds it, and back: the rules as one field each (an empty field is no such
// rule, the switch is no-entry), the outline as its open ring of [longitude, latitude] points (the
// drawing and the vertex list edit it; the server closes it). The server's refusals of a rule
// (`rules.1.minutes`) go back under the form's field of that value.
import type { LngLat, Zone, ZoneBody, ZoneKind, ZoneRule } from '@fleetlens/contracts';
import { openRing } from '@fleetlens/contracts';
import { ApiError } from '../../api/client';

export type ZoneValues = {
  customer_id?: string;
  name: string;
  kind: ZoneKind;
  time_zone: string;
  ring: LngLat[];
  speed_kmh?: number | null;
  no_entry?: boolean;
  dwell_minutes?: number | null;
  hours_from?: string;
  hours_to?: string;
};

const given = <T>(v: T | null | undefined): v is T => v !== undefined && v !== null && v !== '';

export function toValues(zone: Zone): ZoneValues {
  const rule = <T extends ZoneRule['type']>(type: T) => zone.rules.find((r) => r.type === type);
  return {
    customer_id: zone.customer.id,
    name: zone.name,
    kind: zone.kind,
    time_zone: zone.time_zone,
    ring: openRing((zone.polygon.coordinates[0] ?? []) as LngLat[]),
    speed_kmh: rule('speed-limit')?.speed_kmh ?? null,
    no_entry: !!rule('no-entry'),
    dwell_minutes: rule('dwell')?.minutes ?? null,
    hours_from: rule('hours')?.from ?? '',
    hours_to: rule('hours')?.to ?? '',
  };
}

/** The rules the form's values say, in a fixed order. */
export function rulesOf(values: Partial<ZoneValues>): ZoneRule[] {
  const rules: ZoneRule[] = [];
  if (given(values.speed_kmh)) rules.push({ type: 'speed-limit', speed_kmh: values.speed_kmh });
  if (values.no_entry) rules.push({ type: 'no-entry' });
  if (given(values.dwell_minutes)) rules.push({ type: 'dwell', minutes: values.dwell_minutes });
  if (given(values.hours_from) || given(values.hours_to)) {
    const hours: ZoneRule = { type: 'hours' };
    if (given(values.hours_from)) hours.from = values.hours_from;
    if (given(values.hours_to)) hours.to = values.hours_to;
    rules.push(hours);
  }
  return rules;
}

export const polygonOf = (ring: readonly LngLat[]) => ({
  type: 'Polygon' as const,
  coordinates: [ring.map(([lng, lat]) => [lng, lat] as [number, number])],
});

export function toBody(values: ZoneValues): ZoneBody {
  return {
    customer_id: values.customer_id ?? '',
    name: values.name,
    kind: values.kind,
    time_zone: values.time_zone,
    polygon: polygonOf(values.ring ?? []),
    rules: rulesOf(values),
  };
}

const RULE_FIELDS: Record<string, string> = {
  speed_kmh: 'speed_kmh',
  minutes: 'dwell_minutes',
  from: 'hours_from',
  to: 'hours_to',
};

/** The form's field of a server's field: the outline's issues under the drawing, a rule's under its value. */
export function fieldOf(field: string): string {
  if (field === 'polygon' || field.startsWith('polygon.')) return 'ring';
  const rule = field.match(/^rules\.\d+\.(\w+)$/);
  if (rule?.[1]) return RULE_FIELDS[rule[1]] ?? field;
  return field;
}

/**
 * The server's refusal with its fields named as the form names them (the forms' own renaming
 * sees only a field's first part, and a rule's place in the list is no field of this form).
 */
export function asFormRefusal(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const data = error.data as { fields?: { field: string }[] } | null | undefined;
  if (!data?.fields) return error;
  const fields = data.fields.map((f) => ({ ...f, field: fieldOf(f.field) }));
  const renamed = new ApiError(error.message, error.status, error.code, { ...data, fields });
  return renamed;
}
