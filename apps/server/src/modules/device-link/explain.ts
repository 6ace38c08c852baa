// Why a device message was refused, in words a firmware writer can act on: the field, what the
// protocol expects there, and what the device sent. The dead letters keep these lines (`detail`),
// so an admin can hand them to the device's maker as they stand. English, as MQTT's own reason
// strings are: the reader is an engineer reading a log, not a console user.
import { MAX_CLOCK_AHEAD_MS, MAX_DEVICE_PAYLOAD_BYTES } from '@fleetlens/contracts';
import type { z } from 'zod';

/** What the contracts' own message keys mean for a device (messages.ts). */
const KEYED: Record<string, (input: unknown) => string> = {
  'validation.deviceMessageId': (input) =>
    `must be 1 to 64 of A-Z a-z 0-9 . _ : - (chosen once, kept when resent), got ${shown(input)}`,
  'validation.deviceTime': (input) =>
    `must be ISO 8601 with an offset, such as 2026-11-23T10:00:00.000Z or 2026-11-23T19:00:00+09:00, got ${shown(input)}`,
  'validation.deviceTimeAhead': (input) =>
    `${String(input)} is more than ${MAX_CLOCK_AHEAD_MS / 60_000} minutes ahead of the server's clock (${new Date().toISOString()}): set the device's clock`,
  'validation.deviceStatusEmpty': () =>
    'a status message must carry at least one of connection, motion, hour_meter',
};

/** One readable line per problem, `field: what is wrong` (`(message)` for the whole message). */
export function explainIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => `${issue.path.join('.') || '(message)'}: ${explainIssue(issue)}`);
}

function explainIssue(issue: z.core.$ZodIssue): string {
  const input = (issue as { input?: unknown }).input;
  const keyed = KEYED[issue.message];
  if (keyed) return keyed(input);
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined) return `required (${article(issue.expected)}), missing`;
      return `must be ${article(issue.expected)}, got ${shown(input)}`;
    case 'too_big':
      return `${limitOf(issue.origin, 'at most', 'less than', issue.inclusive)} ${issue.maximum}${unitOf(issue.origin)}, got ${measured(issue.origin, input)}`;
    case 'too_small':
      return `${limitOf(issue.origin, 'at least', 'more than', issue.inclusive)} ${issue.minimum}${unitOf(issue.origin)}, got ${measured(issue.origin, input)}`;
    case 'invalid_value':
      return `must be ${issue.values.length === 1 ? shown(issue.values[0]) : `one of ${issue.values.map(shown).join(', ')}`}, got ${shown(input)}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}: the protocol has no such field, leave it out`;
    case 'invalid_format':
      return `must be ${article(issue.format)}, got ${shown(input)}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}, got ${shown(input)}`;
    default:
      return issue.message;
  }
}

export function explainTooLarge(size: number): string {
  return `the payload is ${size} bytes; at most ${MAX_DEVICE_PAYLOAD_BYTES} bytes are accepted: send less per message`;
}

export function explainInvalidJson(error: Error): string {
  return `the payload is not JSON (UTF-8, one object per message): ${error.message}`;
}

const limitOf = (_origin: string, inclusive: string, exclusive: string, isInclusive?: boolean) =>
  isInclusive === false ? exclusive : inclusive;

const unitOf = (origin: string) => (origin === 'string' ? ' characters' : origin === 'array' ? ' items' : '');

function measured(origin: string, input: unknown): string {
  if ((origin === 'string' || origin === 'array') && (typeof input === 'string' || Array.isArray(input)))
    return String(input.length);
  return shown(input);
}

function article(what: string): string {
  return /^[aeiou]/.test(what) ? `an ${what}` : `a ${what}`;
}

/** The value as JSON, cut short, with its type where JSON alone would hide it. */
function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  const json = JSON.stringify(value) ?? String(value);
  const cut = json.length > 60 ? `${json.slice(0, 57)}...` : json;
  if (Array.isArray(value)) return `an array ${cut}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${cut}`;
  return cut;
}
