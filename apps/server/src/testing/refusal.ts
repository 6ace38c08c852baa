// A refused call as a test checks it: its status, and each named field with its translated message.
import { expect } from 'vitest';
import type { Answer } from './api.ts';

/** `answer` is a refusal (400 unless told) whose fields include each of `fields`, by its message. */
export function expectRefused(answer: Answer, fields: Record<string, string>, status = 400): void {
  expect(answer.status).toBe(status);
  expect(answer.fields).toMatchObject(fields);
}
