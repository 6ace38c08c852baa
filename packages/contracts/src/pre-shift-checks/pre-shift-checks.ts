// Pre-shift checks (beyond the spec; docs/decisions/2026-12-07-pre-shift-checks.md): the daily
// pre-use check the law asks of every industrial truck (e.g. OSHA 1910.178(q)(7)). A customer keeps
// one checklist per vehicle type; the operator signed on to a vehicle answers it on a phone page
// reached by the vehicle's QR code; a failed critical item keeps the vehicle locked.
import { z } from 'zod';
import { listPageSchema, listQueryOf } from '../api/errors.ts';
import { refSchema } from '../api/records.ts';
import { isRealDate, textOptional, textRequired } from '../validation/fields.ts';
import { type UploadDescription, uploadFile } from '../validation/uploads.ts';
import { VEHICLE_TYPES } from '../vehicles/vehicles.ts';

export const CHECK_ITEMS_MAX = 50;
export const CHECK_ITEM_TEXT_MAX = 200;
export const CHECK_NOTE_MAX = 500;
/** The operator's code as the operator record holds it (operators.operator_code). */
export const CHECK_OPERATOR_CODE_MAX = 32;

export const checkItemSchema = z
  .object({
    text: textRequired('validation.checkItemTextRequired', CHECK_ITEM_TEXT_MAX),
    /** A failed critical item keeps the vehicle locked until a supervisor releases it. */
    critical: z.boolean().default(false),
  })
  .strict();
export type CheckItem = z.output<typeof checkItemSchema>;

/** The items in the order they are asked; the order is the list's. */
const itemsSchema = z
  .array(checkItemSchema, 'validation.invalid')
  .min(1, 'validation.checkItemsRequired')
  .max(CHECK_ITEMS_MAX, 'validation.checkItemsTooMany');

const templateFields = {
  vehicle_type: z.enum(VEHICLE_TYPES, 'validation.checkVehicleTypeRequired'),
  items: itemsSchema,
};

export const checkTemplateBodySchema = z
  .object({ customer_id: z.uuid('validation.companyRequired'), ...templateFields })
  .strict();
export type CheckTemplateBody = z.input<typeof checkTemplateBodySchema>;
/** A checklist keeps its company. */
export const checkTemplateUpdateSchema = z.object(templateFields).strict();
export type CheckTemplateUpdate = z.input<typeof checkTemplateUpdateSchema>;

export const CHECK_TEMPLATE_ORDER_COLUMNS = ['vehicle_type', 'customer', 'updated_at'] as const;
export const checkTemplateListQuerySchema = listQueryOf(CHECK_TEMPLATE_ORDER_COLUMNS, {
  customer_id: z.uuid('validation.invalid').optional(),
  vehicle_type: z.enum(VEHICLE_TYPES, 'validation.invalidEnum').optional(),
});
export type CheckTemplateListQuery = z.infer<typeof checkTemplateListQuerySchema>;

export const checkTemplateSchema = z.object({
  id: z.string(),
  customer: refSchema,
  vehicle_type: z.enum(VEHICLE_TYPES),
  items: z.array(z.object({ text: z.string(), critical: z.boolean() })),
  updated_at: z.string(),
});
export type CheckTemplate = z.infer<typeof checkTemplateSchema>;

/** One item as answered. */
export const checkAnswerSchema = z.object({
  text: z.string(),
  critical: z.boolean(),
  passed: z.boolean(),
  note: z.string(),
});
export type CheckAnswer = z.infer<typeof checkAnswerSchema>;

/** A check as kept: the items as asked with their answers, who, when, which vehicle. */
export const checkSchema = z.object({
  id: z.string(),
  customer: refSchema,
  vehicle: refSchema,
  operator: z.object({ id: z.string().nullable(), name: z.string() }),
  done_at: z.string(),
  passed: z.boolean(),
  critical_failed: z.boolean(),
  items: z.array(checkAnswerSchema),
  has_photo: z.boolean(),
});
export type Check = z.infer<typeof checkSchema>;

export const CHECK_RESULTS = ['passed', 'failed', 'critical'] as const;
const day = z.string().refine(isRealDate, 'validation.invalidDate');
export const CHECK_ORDER_COLUMNS = ['done_at', 'vehicle', 'operator'] as const;
export const checkListQuerySchema = listQueryOf(CHECK_ORDER_COLUMNS, {
  customer_id: z.uuid('validation.invalid').optional(),
  vehicle_id: z.uuid('validation.invalid').optional(),
  result: z.enum(CHECK_RESULTS, 'validation.invalidEnum').optional(),
  /** Days (YYYY-MM-DD, UTC) the checks were done in, both included. */
  from: day.optional(),
  to: day.optional(),
});
export type CheckListQuery = z.infer<typeof checkListQuerySchema>;
export const checkListSchema = listPageSchema(checkSchema);
export type CheckList = z.infer<typeof checkListSchema>;

/** The vehicle's check link: the address its QR code carries (a signed vehicle token in it). */
export const checkLinkSchema = z.object({ token: z.string() });
export type CheckLink = z.infer<typeof checkLinkSchema>;

/** The phone page's address (hash route) for a vehicle token. */
export const checkPagePath = (token: string) => `/pre-shift/${encodeURIComponent(token)}`;

export const checkTokenParams = z.object({ token: z.string().min(1).max(200) });

/** What the phone page shows: the vehicle, who is signed on to it now, the items to answer. */
export const checkFormSchema = z.object({
  vehicle: z.object({ name: z.string(), vehicle_type: z.enum(VEHICLE_TYPES) }),
  /** The operator the vehicle's device reports signed on now (RFID); null when nobody is. */
  operator: z.object({ name: z.string() }).nullable(),
  items: z.array(z.object({ text: z.string(), critical: z.boolean() })),
  locked: z.boolean(),
});
export type CheckForm = z.infer<typeof checkFormSchema>;

/** One item's answer: OK or not, and a note. */
export const checkSubmitAnswerSchema = z
  .object({ passed: z.boolean('validation.checkAnswerRequired'), note: textOptional(CHECK_NOTE_MAX) })
  .strict();

/** The operator's answers, item by item in the form's order, with their operator code. */
export const checkSubmitSchema = z
  .object({
    operator_code: textRequired('validation.checkOperatorCodeRequired', CHECK_OPERATOR_CODE_MAX),
    answers: z
      .array(checkSubmitAnswerSchema, 'validation.invalid')
      .max(CHECK_ITEMS_MAX, 'validation.checkItemsTooMany'),
  })
  .strict();
export type CheckSubmit = z.input<typeof checkSubmitSchema>;

export const checkResultSchema = z.object({
  id: z.string(),
  passed: z.boolean(),
  /** A critical item failed: the vehicle is locked until a supervisor releases it. */
  locked: z.boolean(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

/** Vehicles driven today (their customer's day) without a check: the dashboard's card. */
export const uncheckedVehiclesSchema = z.object({
  list: z.array(z.object({ id: z.string(), name: z.string(), customer: refSchema, day: z.string() })),
  total: z.number().int(),
});
export type UncheckedVehicles = z.infer<typeof uncheckedVehiclesSchema>;

/** A photo the operator adds to the check they just sent: a phone's picture, at most this large. */
export const CHECK_PHOTO_MAX_BYTES = 12 * 1024 * 1024;
/** How long after sending the check its photo may be added, through the same link. */
export const CHECK_PHOTO_MINUTES = 15;
/** The photo as kept: re-encoded JPEG, its longer side at most this many pixels. */
export const CHECK_PHOTO_SIDE = 1600;
export const checkPhotoUpload = {
  fields: z.object({}).strict(),
  file: uploadFile(CHECK_PHOTO_MAX_BYTES, 'checkPhotoTooLarge'),
} satisfies UploadDescription;
export const checkPhotoParams = z.object({ token: z.string().min(1).max(200), id: z.uuid() });
export const checkPhotoAnswerSchema = z.object({ id: z.string(), has_photo: z.boolean() });
