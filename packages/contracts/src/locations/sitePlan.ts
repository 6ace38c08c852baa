// A customer's site plan: the yard, buildings, aisles and docks drawn under the vehicles
// on every map of the console. Either GeoJSON (drawn as map layers, styled by each feature's
// `kind`) or an image placed on the map by its four corners. One per customer; the rules here are
// the form's and the server's (modules/site-plans).
import { z } from 'zod';
import { type UploadDescription, uploadFile } from '../validation/uploads.ts';

export const SITE_PLAN_KINDS = ['geojson', 'image'] as const;
export type SitePlanKind = (typeof SITE_PLAN_KINDS)[number];
/** What a GeoJSON feature's `kind` draws as; any other kind draws as a plain outline. */
export const SITE_PLAN_FEATURE_KINDS = [
  'yard',
  'building',
  'zone',
  'container',
  'dock',
  'aisle',
  'lane',
] as const;
/** The largest plan file (GeoJSON or image) accepted. */
export const SITE_PLAN_MAX_BYTES = 2 * 1024 * 1024;
export const SITE_PLAN_MAX_FEATURES = 5000;
export const SITE_PLAN_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/**
 * An image's bounds in pixels: 16,384 on a side (the largest texture most browsers' WebGL draws,
 * and the map draws the plan as one) and 40 megapixels in all (about 160 MB once decoded). A
 * 2 MB file can announce 100,000 × 100,000; the server reads the size before decoding anything.
 */
export const SITE_PLAN_IMAGE_MAX_SIDE = 16_384;
export const SITE_PLAN_IMAGE_MAX_PIXELS = 40_000_000;

const lng = z.number().min(-180).max(180);
const lat = z.number().min(-90).max(90);
/** [longitude, latitude], an altitude allowed after them. */
const position = z.tuple([lng, lat], z.number());
const line = z.array(position).min(2);
const ring = z.array(position).min(4);
const geometry = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Point'), coordinates: position }),
  z.object({ type: z.literal('LineString'), coordinates: line }),
  z.object({ type: z.literal('MultiLineString'), coordinates: z.array(line).min(1) }),
  z.object({ type: z.literal('Polygon'), coordinates: z.array(ring).min(1) }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ring).min(1)).min(1) }),
]);
const feature = z.object({
  type: z.literal('Feature'),
  id: z.union([z.string(), z.number()]).optional(),
  geometry,
  properties: z
    .object({ kind: z.string().max(40).optional(), name: z.string().max(200).optional() })
    .catchall(z.unknown())
    .nullable()
    .optional(),
});

/** A plan as GeoJSON: a FeatureCollection of points, lines and polygons in longitude/latitude. */
export const sitePlanGeojsonSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(feature).min(1).max(SITE_PLAN_MAX_FEATURES),
});
export type SitePlanGeojson = z.infer<typeof sitePlanGeojsonSchema>;

/** An image's corners: top left, top right, bottom right, bottom left, each [longitude, latitude]. */
export const sitePlanCornersSchema = z.tuple([position, position, position, position]);
export type SitePlanCorners = z.infer<typeof sitePlanCornersSchema>;

export const sitePlanSchema = z.object({
  customer_id: z.string(),
  kind: z.enum(SITE_PLAN_KINDS),
  geojson: sitePlanGeojsonSchema.nullable(),
  /** The image as a data URL (small: SITE_PLAN_MAX_BYTES) with its corners. */
  image: z.object({ url: z.string(), corners: sitePlanCornersSchema }).nullable(),
  updated_at: z.string(),
});
export type SitePlan = z.infer<typeof sitePlanSchema>;
export const sitePlansAnswerSchema = z.object({ list: z.array(sitePlanSchema) });

/** The upload's fields beside its one file (multipart): the kind, and an image's corners as JSON. */
export const sitePlanFieldsSchema = z.object({
  kind: z.enum(SITE_PLAN_KINDS),
  corners: z.string().max(2000).optional(),
});

/** A plan's upload (PUT /site-plans/:customerId, the site plan dialog): its fields and its file. */
export const sitePlanUpload = {
  fields: sitePlanFieldsSchema,
  file: uploadFile(SITE_PLAN_MAX_BYTES, 'sitePlanTooLarge'),
} satisfies UploadDescription;

/**
 * The form's fields of an image's place: the company, and the box's edges in longitude and
 * latitude, from which the web makes the four corners the upload carries.
 */
export const sitePlanPlaceSchema = z.object({
  customer_id: z.string().min(1),
  west: lng,
  east: lng,
  south: lat,
  north: lat,
});

/** The file as a plan: parsed GeoJSON, or undefined with the validation key that says why not. */
export function parseSitePlanGeojson(text: string): { plan?: SitePlanGeojson; key?: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { key: 'sitePlanNotJson' };
  }
  const parsed = sitePlanGeojsonSchema.safeParse(json);
  return parsed.success ? { plan: parsed.data } : { key: 'sitePlanGeojson' };
}

/** The corners text as corners, or undefined when it is not four longitude/latitude pairs. */
export function parseSitePlanCorners(text: string | undefined): SitePlanCorners | undefined {
  if (!text) return undefined;
  try {
    const parsed = sitePlanCornersSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The image type a file's first bytes announce (PNG, JPEG, WebP), whatever its name says. */
export function sitePlanImageType(bytes: Uint8Array): (typeof SITE_PLAN_IMAGE_TYPES)[number] | undefined {
  const at = (i: number) => bytes[i] ?? -1;
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return 'image/png';
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  const text = (from: number) => String.fromCharCode(at(from), at(from + 1), at(from + 2), at(from + 3));
  if (text(0) === 'RIFF' && text(8) === 'WEBP') return 'image/webp';
  return undefined;
}
