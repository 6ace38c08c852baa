// The answer envelope and the error catalogue shared by server and web (spec §7, §8).
// Each error has an HTTP status, a numeric code and a translation key in locales/<lang>/errors.json.
import { z } from 'zod';
import { UNPAGED_PER_PAGE } from '../shell/constants.ts';

export const SUCCESS_CODE = 20000;

export const ERRORS = {
  validation: { status: 400, code: 40000 },
  unauthorized: { status: 401, code: 50008 },
  tokenExpired: { status: 401, code: 50014 },
  sessionInvalid: { status: 401, code: 50012 },
  forbidden: { status: 403, code: 40300 },
  deviceLimit: { status: 403, code: 40301 },
  notFound: { status: 404, code: 40400 },
  conflict: { status: 409, code: 40900 },
  payloadTooLarge: { status: 413, code: 41300 },
  tooManyRequests: { status: 429, code: 42900 },
  internal: { status: 500, code: 50000 },
  // A part of the server this call needs is not running (the live camera's media engine).
  unavailable: { status: 503, code: 50300 },
  // Spec §8: a SIM change asked of the carrier is still in progress (deactivation / activation).
  simDeactivating: { status: 409, code: 106400050 },
  simActivating: { status: 409, code: 106400051 },
  // Spec: a maintenance type (master item) that cannot be updated (its plans have history) or deleted (plans use it).
  maintenanceTypeLocked: { status: 409, code: 400008 },
  maintenanceTypeUndeletable: { status: 409, code: 400009 },
  // A signed link whose time is over (a finished download's file).
  gone: { status: 410, code: 41000 },
} as const satisfies Record<string, { status: number; code: number }>;
export type ErrorKey = keyof typeof ERRORS;

export interface FieldError {
  /** Dotted path of the field, e.g. "destinations.0". */
  field: string;
  /** Translation key in the validation namespace. */
  key: string;
  /** The message already translated into the request's language. */
  message: string;
  params?: Record<string, unknown>;
}

export interface ApiEnvelope<T> {
  data: T;
  message: string;
  code: number;
}

export interface ApiErrorData {
  /** Translated, shown by the web's error toast (data.message first, spec §8). */
  message: string;
  errorKey: string;
  fields?: FieldError[];
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ data, message: z.string(), code: z.number().int() });

/** Every error answer, whatever its status: the API document's one error schema. */
export const apiErrorSchema = envelopeSchema(
  z.looseObject({
    message: z.string(),
    errorKey: z.string(),
    fields: z
      .array(
        z.object({
          field: z.string(),
          key: z.string(),
          message: z.string(),
          params: z.record(z.string(), z.unknown()).optional(),
        }),
      )
      .optional(),
  }),
);

export const ORDER_VALUES = ['asc', 'desc'] as const;

/**
 * The list query every list call takes. perPage is capped at 10000; with no paging the server
 * uses 10000 (spec §9). filter is free text each list applies to its own searchable columns.
 */
export const listQuerySchema = z.object({
  perPage: z.coerce.number().int().min(1).max(UNPAGED_PER_PAGE).default(UNPAGED_PER_PAGE),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  order_by: z
    .string()
    .regex(/^[a-z_][a-z0-9_.]*$/i, 'validation.orderBy')
    .max(64)
    // Lists look the column up in a plain object: an inherited name (__proto__, constructor,
    // toString) would be found there and written into the SQL.
    .refine((name) => !(name in Object.prototype), 'validation.orderBy')
    .optional(),
  order: z.enum(ORDER_VALUES).optional(),
  filter: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
/** The list query of a company's records: the plain list's, and one company (staff see several). */
export const companyListQuerySchema = listQuerySchema.extend({ customer_id: z.uuid().optional() });
/**
 * The list query of a list ordered by a fixed set of columns (any other order_by is the error
 * validation.orderBy), with the list's own filters.
 */
export const listQueryOf = <const C extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  orderBy: C,
  filters: F,
) => listQuerySchema.extend({ order_by: z.enum(orderBy, 'validation.orderBy').optional(), ...filters });
/**
 * What a caller sends to a list: the list's query schema as it is parsed (its input), each
 * parameter optional, paging as numbers. The web's list parameters are this type of the list's
 * schema, so a filter the server renames or drops fails to compile in the web.
 */
export type ListParamsOf<S extends z.ZodType> = Partial<Omit<z.input<S>, 'page' | 'perPage'>> & {
  page?: number;
  perPage?: number;
};

export interface ListPage<T> {
  list: T[];
  total: number;
  page: number;
  perPage: number;
  /** False: the total is a bound the list was counted up to, and there are more (the event lists). */
  total_exact?: boolean;
}
export const listPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    perPage: z.number().int(),
  });
