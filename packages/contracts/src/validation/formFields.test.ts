// A form reads a field's rules from its schema: whether it is required and with which message,
// and its longest text, through the wrappers (default, nullable, transform) the schemas use.
import { describe, expect, it } from 'vitest';
import { customerBodySchema } from '../customers/customers.ts';
import { notificationBodySchema } from '../notifications/notifications.ts';
import { vehicleModelBodySchema } from '../vehicles/masters.ts';
import { describeField, fieldIssue } from './formFields.ts';

describe('describeField', () => {
  it('reads a required text with its own message and its longest length', () => {
    expect(describeField(customerBodySchema.shape.name)).toEqual({
      required: { key: 'customerNameRequired', params: {} },
      text: true,
      maxLength: 100,
    });
  });

  it('sees an optional text (a default, a transform to null) as optional, with its length', () => {
    expect(describeField(customerBodySchema.shape.document_url)).toMatchObject({
      required: null,
      maxLength: 2000,
    });
    expect(describeField(vehicleModelBodySchema.shape.remarks)).toMatchObject({
      required: null,
      maxLength: 2000,
    });
  });

  it('reads the message of a picker that must be chosen', () => {
    expect(describeField(notificationBodySchema.shape.type).required?.key).toBe('typeRequired');
    expect(describeField(vehicleModelBodySchema.shape.manufacturer_id).required?.key).toBe('vendorRequired');
  });

  it('refuses a negative count with its message instead of clamping it', () => {
    expect(fieldIssue(customerBodySchema.shape.random_video_max_seconds, -5)?.key).toBe('notNegative');
    expect(fieldIssue(customerBodySchema.shape.random_video_max_seconds, 60)).toBeNull();
    expect(fieldIssue(vehicleModelBodySchema.shape.rated_load_kg, -1)?.key).toBe('notNegative');
  });
});
