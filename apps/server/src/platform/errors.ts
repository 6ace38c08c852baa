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

export const notFound = () => new ApiError('notFound');
export const forbidden = () => new ApiError('forbidden');
