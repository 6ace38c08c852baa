// RFID cards (domain spec §3, §4, §8): a card of a company, with its owner, operator group, kitting
// id and creator; assigned to at most one operator at a time ("not assigned" → "operator
// assigned" and back by removal), every assignment kept as a dated history row.
import { z } from 'zod';
import { listQuerySchema } from '../api/errors.ts';
import { recordTimes, refSchema } from '../api/records.ts';
import { textOptional, textRequired } from '../validation/fields.ts';

export const RFID_STATUSES = ['not_assigned', 'operator_assigned'] as const;
export type RfidStatus = (typeof RFID_STATUSES)[number];

/** Card numbers as readers print them: letters, digits, '-' and ':', 1 to 64 characters. */
export const RFID_PATTERN = /^[A-Za-z0-9:-]{1,64}$/;

const rfidFields = {
  rfid: z
    .string('validation.rfidRequired')
    .trim()
    .min(1, 'validation.rfidRequired')
    .regex(RFID_PATTERN, 'validation.rfid'),
  owner: textRequired('validation.rfidOwnerRequired', 100),
  group_id: z.uuid('validation.rfidGroupRequired'),
  kitting_id: textOptional(64),
};

export const rfidCreateSchema = z
  .object({ ...rfidFields, customer_id: z.uuid('validation.customerRequired') })
  .strict();
/** A card keeps the company it was registered in (its history belongs there). */
export const rfidUpdateSchema = z.object(rfidFields).strict();
export type RfidCreateBody = z.input<typeof rfidCreateSchema>;
export type RfidUpdateBody = z.input<typeof rfidUpdateSchema>;

export const rfidListQuerySchema = listQuerySchema.extend({
  customer_id: z.uuid().optional(),
  status: z.enum(RFID_STATUSES).optional(),
});
export const RFID_ORDER_COLUMNS = [
  'rfid',
  'owner',
  'group',
  'status',
  'assigned_from',
  'updated_at',
] as const;

/** POST /rfids/:id/assignment: give the card to an operator of its company. */
export const rfidAssignSchema = z
  .object({ operator_id: z.uuid('validation.operatorSelectionRequired') })
  .strict();
export type RfidAssignBody = z.input<typeof rfidAssignSchema>;

export const rfidSchema = z.object({
  id: z.string(),
  rfid: z.string(),
  owner: z.string(),
  kitting_id: z.string(),
  customer: refSchema,
  group: refSchema,
  created_by: z.string().nullable(),
  status: z.enum(RFID_STATUSES),
  operator: z.object({ id: z.string(), operator_code: z.string(), name: z.string() }).nullable(),
  assigned_from: z.string().nullable(),
  /** When the last assignment ended; null while assigned or never assigned. */
  assigned_till: z.string().nullable(),
  ...recordTimes,
});
export type Rfid = z.infer<typeof rfidSchema>;

/** One dated assignment; the operator's id and name are kept as they were, even if removed later. */
export const rfidHistoryRowSchema = z.object({
  id: z.string(),
  operator_id: z.string().nullable(),
  operator_code: z.string(),
  operator_name: z.string(),
  assigned_from: z.string(),
  assigned_till: z.string().nullable(),
  assigned_by: z.string().nullable(),
  removed_by: z.string().nullable(),
});
export type RfidHistoryRow = z.infer<typeof rfidHistoryRowSchema>;
