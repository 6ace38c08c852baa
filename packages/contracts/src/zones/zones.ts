// Site safety zones (docs/decisions/2026-12-07-zones.md): areas a customer draws on its site
// (pedestrian areas, speed zones, no-go areas, loading docks), each one polygon in
// longitude/latitude with rules that the server checks as positions arrive. A breach becomes an
// event of type ZoneBreach. Privilege resource `location` (the site's plans and maps).
import { z } from 'zod';
import { listQueryOf } from '../api/errors.ts';
import { refSchema } from '../api/records.ts';
import { isTimeZone, textRequired } from '../validation/fields.ts';
import { distinctPoints, type LngLat, openRing, ringCrossesItself } from './geometry.ts';

export const ZONE_KINDS = ['pedestrian', 'speed', 'no-go', 'loading-dock'] as const;
export type ZoneKind = (typeof ZONE_KINDS)[number];

/** The rules a zone may carry, each at most once. */
export const ZONE_RULE_TYPES = ['speed-limit', 'no-entry', 'dwell', 'hours'] as const;
export type ZoneRuleType = (typeof ZONE_RULE_TYPES)[number];

/** A zone's ring has at most this many points (its checks are quadratic in them). */
export const ZONE_MAX_POINTS = 200;
/** The event type of a breach of a zone's rule (server-made, like clip and Random). */
export const ZONE_BREACH_EVENT_TYPE = 'ZoneBreach';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * One rule. Its value: speed-limit `speed_kmh` (the most allowed inside), dwell `minutes` (the
 * longest stay), hours `from`–`to` (local time of the zone's time zone in which entering is
 * allowed; `from` after `to` runs over midnight); no-entry has none.
 */
export const zoneRuleSchema = z
  .object({
    type: z.enum(ZONE_RULE_TYPES, 'validation.zoneRuleType'),
    speed_kmh: z
      .number('validation.invalidNumber')
      .min(1, 'validation.zoneSpeed')
      .max(400, 'validation.zoneSpeed')
      .optional(),
    minutes: z
      .number('validation.invalidNumber')
      .int('validation.zoneDwell')
      .min(1, 'validation.zoneDwell')
      .max(1440, 'validation.zoneDwell')
      .optional(),
    from: z.string().regex(HH_MM, 'validation.zoneHour').optional(),
    to: z.string().regex(HH_MM, 'validation.zoneHour').optional(),
  })
  .strict()
  .superRefine((rule, ctx) => {
    const missing = (field: string, key: string) =>
      ctx.addIssue({ code: 'custom', path: [field], message: `validation.${key}` });
    if (rule.type === 'speed-limit' && rule.speed_kmh === undefined)
      missing('speed_kmh', 'zoneSpeedRequired');
    if (rule.type === 'dwell' && rule.minutes === undefined) missing('minutes', 'zoneDwellRequired');
    if (rule.type === 'hours') {
      if (rule.from === undefined) missing('from', 'zoneHoursRequired');
      if (rule.to === undefined) missing('to', 'zoneHoursRequired');
      if (rule.from !== undefined && rule.from === rule.to)
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.zoneHoursEmpty' });
    }
  })
  .meta({
    description:
      'Each rule carries its value: speed-limit speed_kmh, dwell minutes, hours from and to (HH:mm, not equal; from after to runs over midnight); no-entry none.',
  });
export type ZoneRule = z.output<typeof zoneRuleSchema>;

const lngLat = z
  .tuple(
    [z.number('validation.zoneCoordinates'), z.number('validation.zoneCoordinates')],
    'validation.zoneCoordinates',
  )
  .refine(([lng, lat]) => lng >= -180 && lng <= 180 && lat >= -90 && lat <= 90, 'validation.zoneCoordinates');

/** A GeoJSON Polygon of one ring (no holes), answered closed. */
export const zonePolygonSchema = z
  .object({
    type: z.literal('Polygon', 'validation.zonePolygon'),
    coordinates: z
      .array(
        z.array(lngLat, 'validation.zonePolygon').max(ZONE_MAX_POINTS + 1, 'validation.zonePolygonTooMany'),
        'validation.zonePolygon',
      )
      .length(1, 'validation.zonePolygonOneRing'),
  })
  .superRefine((polygon, ctx) => {
    if (polygon.coordinates.length !== 1) return;
    const ring = (polygon.coordinates[0] ?? []) as LngLat[];
    if (distinctPoints(openRing(ring)) < 3)
      ctx.addIssue({ code: 'custom', path: ['coordinates'], message: 'validation.zonePolygonPoints' });
    else if (ringCrossesItself(ring))
      ctx.addIssue({ code: 'custom', path: ['coordinates'], message: 'validation.zonePolygonCrosses' });
  })
  .meta({
    description:
      'One ring of [longitude, latitude] points, open or closed: at least 3 distinct points, at most 200, not crossing or touching itself.',
  });
export type ZonePolygon = z.output<typeof zonePolygonSchema>;

export const zoneBodySchema = z
  .object({
    customer_id: z.uuid('validation.companyRequired'),
    name: textRequired('validation.nameRequired', 100),
    kind: z.enum(ZONE_KINDS, 'validation.zoneKind'),
    polygon: zonePolygonSchema,
    rules: z
      .array(zoneRuleSchema, 'validation.invalid')
      .max(ZONE_RULE_TYPES.length)
      .refine((rules) => new Set(rules.map((r) => r.type)).size === rules.length, 'validation.zoneRuleTwice')
      .default([]),
    /** The zone's clock for the hours rule (IANA, e.g. Asia/Tokyo). */
    time_zone: z.string().max(64).refine(isTimeZone, 'validation.zoneTimeZone').default('UTC'),
  })
  .strict();
export type ZoneBody = z.input<typeof zoneBodySchema>;
/** An update changes everything but the company. */
export const zoneUpdateSchema = zoneBodySchema.omit({ customer_id: true });
export type ZoneUpdateBody = z.input<typeof zoneUpdateSchema>;

/** The columns the zone list sorts by; `filter` finds a zone by its name. */
export const ZONE_ORDER_COLUMNS = ['name', 'kind', 'customer', 'updated_at'] as const;
export const zoneListQuerySchema = listQueryOf(ZONE_ORDER_COLUMNS, {
  customer_id: z.uuid('validation.invalid').optional(),
});
export type ZoneListQuery = z.infer<typeof zoneListQuerySchema>;

export const zoneSchema = z.object({
  id: z.string(),
  customer: refSchema,
  name: z.string(),
  kind: z.enum(ZONE_KINDS),
  polygon: z.object({
    type: z.literal('Polygon'),
    coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))),
  }),
  rules: z.array(zoneRuleSchema),
  time_zone: z.string(),
  updated_at: z.string(),
});
export type Zone = z.infer<typeof zoneSchema>;

/** What a ZoneBreach event says beside the event's own fields: which zone, which rule, what was measured. */
export const zoneBreachSchema = z.object({
  zone_id: z.string(),
  zone_name: z.string(),
  rule: z.enum(ZONE_RULE_TYPES),
  /** The rule's value: km/h, minutes, or the allowed hours "HH:mm-HH:mm"; null for no-entry. */
  limit: z.string().nullable(),
  /** What broke it: the speed in km/h, the minutes inside, the local time of entry; null for no-entry. */
  measured: z.string().nullable(),
});
export type ZoneBreach = z.infer<typeof zoneBreachSchema>;
