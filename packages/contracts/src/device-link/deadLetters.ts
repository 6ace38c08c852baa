// Why the ingestion refused a device message (docs/device-protocol.md, "Ingestion"). The code is
// stable (filters, counts); the words say what the device's maker should change. Each letter's
// `detail` adds the particulars: the field, what was expected, what came.

export const DEAD_LETTER_REASONS = {
  'unknown-topic': "The topic is not one of the device link's upward topics.",
  'payload-too-large': 'The payload is larger than 16 KB; send less per message.',
  'invalid-json': 'The payload is not JSON (UTF-8, one object per message).',
  'invalid-message':
    "The JSON does not match the topic's message schema: a field is missing, of the wrong type, out of range or unknown.",
  'unknown-device': 'No device with this id is registered; register it before it sends.',
  'storage-refused': 'The database refused the message as it stands (a value it cannot store).',
} as const;

export type DeadLetterReason = keyof typeof DEAD_LETTER_REASONS;

/** The words of a reason; a reason from an older version is shown as its code. */
export function deadLetterReasonText(reason: string): string {
  return (DEAD_LETTER_REASONS as Record<string, string>)[reason] ?? reason;
}
