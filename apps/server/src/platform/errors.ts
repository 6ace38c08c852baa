// The one error type handlers throw. It names an entry of the contracts' error catalogue (status,
// numeric code, translation key); the error handler turns it into the envelope in the caller's
// language. Handlers never build error answers by hand.
import { ERRORS, type ErrorKey, type FieldError } from '@fleetlens/contracts';

export interface ApiErrorOptions {
  /** Field-level problems (validation), already keyed in the validation namespace. */
  fields?: Omit<FieldError, 'message'>[];
  /** Overrides the catalogue message key (a more precise key in the errors namespace). */
  messageKey?: string;
  params?: Record<string, unknown>;
  /** Extra data for the caller (e.g. { valid: false }). */
  data?: Record<string, unknown>;
}

export class ApiError extends Error {
  readonly key: ErrorKey;
  readonly options: ApiErrorOptions;
  constructor(key: ErrorKey, options: ApiErrorOptions = {}) {
    super(options.messageKey ?? key);
    this.name = 'ApiError';
    this.key = key;
    this.options = options;
  }
  get status(): number {
    return ERRORS[this.key].status;
  }
  get code(): number {
    return ERRORS[this.key].code;
  }
}

/** The value, or the 404 answer: a record that does not exist, or is not the caller's to see. */
export function found<T>(value: T | undefined): T {
  if (value === undefined) throw new ApiError('notFound');
  return value;
}

/**
 * The constraint a PostgreSQL unique_violation (23505) broke, or undefined for any other error.
 * node-postgres names it in `constraint`; PGlite only in the message.
 */
export function uniqueViolation(error: unknown): string | undefined {
  const e = error as { code?: string; constraint?: string; message?: string } | undefined;
  if (e?.code !== '23505') return undefined;
  return e.constraint ?? /"([^"]+)"/.exec(e.message ?? '')?.[1] ?? '';
}

/**
 * Runs a write and turns the unique violations it knows (constraint → field and message key of
 * the errors catalogue) into a 409 on that field; any other error passes unchanged.
 */
export async function uniqueOn<T>(
  constraints: Record<string, { field: string; key: string }>,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const known = constraints[uniqueViolation(error) ?? ''];
    if (known) throw new ApiError('conflict', { messageKey: known.key, fields: [known] });
    throw error;
  }
}
