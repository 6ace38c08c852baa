// Notices (console spec §3, §4): published by the provider to every customer or to chosen ones,
// current from publish_date, expired after expire_date. Dates travel as server times (UTC,
// 'YYYY-MM-DD HH:mm:ss'); the console shows and edits them in the browser's zone.
import { z } from 'zod';
import { recordTimes, refSchema } from '../api/records.ts';
import {
  EXTERNAL_LINK_PATTERN,
  isRealServerTime,
  NOTIFICATION_TITLE_MAX,
  SERVER_TIME_PATTERN,
  textOptional,
  textRequired,
} from '../validation/fields.ts';
import { objectRule, refinement } from '../validation/objectRules.ts';

export const NOTIFICATION_TYPES = ['maintenance', 'disruption', 'manual', 'release', 'other'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A server time the notice needs; `key` names it when it is missing (spec §5). */
const serverTime = (key: string) =>
  z
    .string(key)
    .min(1, { error: key, abort: true })
    .regex(SERVER_TIME_PATTERN, { error: 'validation.invalidDate', abort: true })
    .refine(isRealServerTime, {
      error: 'validation.invalidDate',
      // A date that is no date cannot be compared: no "expire after publish" on top of it.
      abort: true,
    });

const optionalText = textOptional(200);
const optionalLink = z
  .string()
  .trim()
  .max(2000, 'validation.tooLong')
  .refine((v) => v === '' || EXTERNAL_LINK_PATTERN.test(v), 'validation.externalLink')
  .default('');

/** A notice reaches someone: every customer, or the chosen ones (at least one). */
export const noticeReachesSomeone = objectRule(
  'destinations',
  (n: { is_publish_to_all?: boolean; destinations?: readonly unknown[] }) =>
    !!n.is_publish_to_all || (n.destinations?.length ?? 0) > 0,
  'destination',
);

const serverTimeMs = (time: string) => Date.parse(`${time.replace(' ', 'T')}Z`);
/** A notice expires after it is published (each date's own rules say whether it is one). */
export const noticeExpiresAfterPublish = objectRule(
  'expire_date',
  (n: { publish_date?: string; expire_date?: string }) =>
    !n.publish_date || !n.expire_date || serverTimeMs(n.expire_date) > serverTimeMs(n.publish_date),
  'expireAfterPublish',
);

export const notificationBodySchema = z
  .object({
    title: z
      .string('validation.titleRequired')
      .trim()
      .min(1, 'validation.titleRequired')
      .max(NOTIFICATION_TITLE_MAX, 'validation.title'),
    description: textRequired('validation.descriptionRequired', 5000),
    type: z.enum(NOTIFICATION_TYPES, 'validation.typeRequired'),
    is_publish_to_all: z.boolean().default(false),
    destinations: z.array(z.uuid()).max(10_000).default([]),
    publish_date: serverTime('validation.publishDateRequired'),
    expire_date: serverTime('validation.expireDateRequired'),
    release_note_url_text: optionalText,
    release_note_url: optionalLink,
    external_url_text: optionalText,
    external_url: optionalLink,
  })
  .strict()
  .refine(noticeReachesSomeone.holds, refinement(noticeReachesSomeone))
  .refine(noticeExpiresAfterPublish.holds, refinement(noticeExpiresAfterPublish))
  .meta({
    description:
      'is_publish_to_all is true or destinations is not empty (the anyOf); expire_date is after publish_date.',
    anyOf: [
      { required: ['is_publish_to_all'], properties: { is_publish_to_all: { const: true } } },
      { required: ['destinations'], properties: { destinations: { minItems: 1 } } },
    ],
  });
export type NotificationBody = z.input<typeof notificationBodySchema>;

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  is_publish_to_all: z.boolean(),
  destinations: z.array(refSchema),
  publish_date: z.string(),
  expire_date: z.string(),
  release_note_url_text: z.string(),
  release_note_url: z.string(),
  external_url_text: z.string(),
  external_url: z.string(),
  ...recordTimes,
});
export type Notification = z.infer<typeof notificationSchema>;
