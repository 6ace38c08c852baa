// Field rules of spec §5, as zod schemas for forms and requests and as plain predicates.
//
// Messages are translation keys, never text. A schema's message is 'validation.<key>'; the file
// locales/<lang>/validation.json is flat and holds <key> without the prefix ({"username": "..."}),
// loaded as the i18next namespace 'validation'. The server turns a zod issue into such a key
// (its own message when it names one, else a generic key from zod's issue code) and translates it
// into the request's language; the web translates into the chosen one. Texts may take
// i18next-style {{min}} / {{max}} parameters, filled from the issue.
import { z } from 'zod';

export const USERNAME_PATTERN = /^[a-z][a-z0-9]{3,32}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EXTERNAL_LINK_PATTERN = /^(https?:|mailto:|tel:)/i;
export const NOTIFICATION_TITLE_MAX = 80;

/** Keys for zod's own issues (type, length, range, enum, date), used when a schema names none. */
export const GENERIC_VALIDATION_KEYS = [
  'required',
  'invalid',
  'invalidType',
  'invalidFormat',
  'invalidEnum',
  'invalidNumber',
  'invalidDate',
  'tooShort',
  'tooLong',
  'tooSmall',
  'tooBig',
  'unknownField',
  'orderBy',
  'controlCharacter',
] as const;
/** Keys the field rules of this file name. */
export const FIELD_VALIDATION_KEYS = [
  'username',
  'email',
  'externalLink',
  'password',
  'title',
  'roles',
  'functions',
  'notNegative',
] as const;
export type ValidationKey = (typeof GENERIC_VALIDATION_KEYS)[number] | (typeof FIELD_VALIDATION_KEYS)[number];

/**
 * A count, amount or limit (hours, sizes, durations, seconds) that cannot be below 0: a negative
 * is refused with its own message, never clamped to 0 (the forms show the same, see issues.ts).
 */
export const notNegative = <T extends z.ZodNumber>(number: T) => number.min(0, 'validation.notNegative');

export const isUsername = (value: string) => USERNAME_PATTERN.test(value);
export const isEmail = (value: string) => EMAIL_PATTERN.test(value);
export const isExternalLink = (value: string) => EXTERNAL_LINK_PATTERN.test(value);
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A time zone the runtime knows (an IANA name such as Asia/Tokyo, or UTC): the one time-zone rule. */
export const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};
/** A YYYY-MM-DD that names a day of the calendar (not 2023-02-30): the one date rule of every form. */
export const isRealDate = (value: string) => {
  if (!DATE_PATTERN.test(value)) return false;
  // By the calendar's own rule, not through a Date: an import checks a million of them.
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days =
    month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return month >= 1 && month <= 12 && day >= 1 && day <= days;
};
/** A server time: 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DD HH:mm:ss', UTC. */
export const SERVER_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/;
/**
 * A server time on a real day and clock (not 2026-02-30 10:00, not 24:00). Date.parse is no such
 * rule: it rolls 02-30 over into March, and the database then refuses the value.
 */
export const isRealServerTime = (value: string) =>
  SERVER_TIME_PATTERN.test(value) &&
  isRealDate(value.slice(0, 10)) &&
  Number(value.slice(11, 13)) < 24 &&
  Number(value.slice(14, 16)) < 60 &&
  Number(value.slice(17, 19) || 0) < 60;

/**
 * Characters no text the product takes may hold: the C0 controls but tab, line feed and carriage
 * return, DEL, and the C1 controls. PostgreSQL cannot store NUL at all, and the others are
 * terminal escapes or invisible in every screen, export and log that shows the text.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
export const CONTROL_CHARACTER_PATTERN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Text a field may store: no control character (above) and no lone UTF-16 surrogate. */
export const isCleanText = (value: string) =>
  !CONTROL_CHARACTER_PATTERN.test(value) && !LONE_SURROGATE.test(value);

/**
 * Passwords: the spec shows no rule. 8 to 128 characters with a letter and a digit — long enough
 * to resist guessing behind the lock-out, short enough to bound the hashing cost, and no rules
 * about symbols, which push people to predictable patterns.
 */
export const isPassword = (value: string) =>
  value.length >= 8 && value.length <= 128 && /\p{L}/u.test(value) && /\d/.test(value);

export const usernameSchema = z.string().regex(USERNAME_PATTERN, 'validation.username');
export const emailSchema = z
  .string()
  .trim()
  .max(254, 'validation.email')
  .regex(EMAIL_PATTERN, 'validation.email');
export const externalLinkSchema = z
  .string()
  .trim()
  .max(2000)
  .regex(EXTERNAL_LINK_PATTERN, 'validation.externalLink');
export const passwordSchema = z.string().refine(isPassword, 'validation.password');
export const titleSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(NOTIFICATION_TITLE_MAX, 'validation.title');
/** Spec §5: a notification's title is required and at most 80 characters. */
export const notificationTitleSchema = titleSchema;
/** The role-visibility rule needs a non-empty list (spec §5: 'need roles!'). */
export const roleListSchema = z.array(z.string().min(1)).min(1, 'validation.roles');
export const functionListSchema = z.array(z.string().min(1), 'validation.functions');

/** A text that must be given (`key` is its message when missing), at most `max` long. */
export const textRequired = (key: string, max: number) =>
  z.string(key).trim().min(1, key).max(max, 'validation.tooLong');
/** A text that may be left empty (''), at most `max` long. */
export const textOptional = (max: number) => z.string().trim().max(max, 'validation.tooLong').default('');
