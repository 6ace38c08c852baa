// Spec §5: each required field of the access payloads (customer, user, role, notice, file) has
// its own message, and the server answers it in every language — so an empty body names each
// missing field by its own key, and each key exists in the four catalogues.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fileFieldsSchema } from '../documents/documents.ts';
import { notificationBodySchema } from '../notifications/notifications.ts';
import { roleCreateSchema } from '../roles/roles.ts';
import { LANGUAGES } from '../shell/i18n.ts';
import { userCreateSchema } from '../users/users.ts';
import { customerBodySchema } from './customers.ts';

const messagesOf = (schema: z.ZodType, body: unknown) =>
  Object.fromEntries(
    (schema.safeParse(body).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

const cases: { name: string; schema: z.ZodType; body: unknown; expected: Record<string, string> }[] = [
  {
    name: 'customer',
    schema: customerBodySchema,
    body: {},
    expected: {
      name: 'validation.customerNameRequired',
      description: 'validation.customerDescriptionRequired',
      stk_user: 'validation.stkUserRequired',
      realm: 'validation.realmRequired',
    },
  },
  {
    name: 'customer with blank text',
    schema: customerBodySchema,
    body: { name: ' ', description: '', stk_user: '', realm: '  ' },
    expected: {
      name: 'validation.customerNameRequired',
      description: 'validation.customerDescriptionRequired',
      stk_user: 'validation.stkUserRequired',
      realm: 'validation.realmRequired',
    },
  },
  {
    name: 'user',
    schema: userCreateSchema,
    body: { first_name: '', last_name: ' ', username: '', email: '', password: '' },
    expected: {
      first_name: 'validation.firstNameRequired',
      last_name: 'validation.lastNameRequired',
      username: 'validation.usernameRequired',
      email: 'validation.emailRequired',
      password: 'validation.passwordRequired',
      customer_id: 'validation.companyRequired',
      sys_role: 'validation.roleRequired',
    },
  },
  {
    name: 'role',
    schema: roleCreateSchema,
    body: { name: '' },
    expected: { name: 'validation.nameRequired', customer_id: 'validation.companyRequired' },
  },
  {
    name: 'notice',
    schema: notificationBodySchema,
    body: { title: '', description: '', publish_date: '', is_publish_to_all: true },
    expected: {
      title: 'validation.titleRequired',
      description: 'validation.descriptionRequired',
      type: 'validation.typeRequired',
      publish_date: 'validation.publishDateRequired',
      expire_date: 'validation.expireDateRequired',
    },
  },
  {
    name: 'file',
    schema: fileFieldsSchema,
    body: { name: '', customer_id: '' },
    expected: { name: 'validation.nameRequired', customer_id: 'validation.companyRequired' },
  },
];

describe('required fields of the access payloads', () => {
  it.each(cases)('an empty $name names each missing field by its own key', ({ schema, body, expected }) => {
    expect(messagesOf(schema, body)).toEqual(expected);
  });

  it('keeps the format messages once a value is given', () => {
    const customer = { name: 'Harbor', description: 'Cranes', stk_user: '1abc', realm: 'fleet' };
    expect(messagesOf(customerBodySchema, customer)).toEqual({ stk_user: 'validation.stkUser' });
    const user = messagesOf(userCreateSchema, {
      first_name: 'Ada',
      last_name: 'Audit',
      username: 'Bad_Name',
      email: 'nobody',
      password: 'password',
      customer_id: '00000000-0000-4000-8000-000000000000',
      sys_role: 'user',
    });
    expect(user).toEqual({
      username: 'validation.username',
      email: 'validation.email',
      password: 'validation.strictPassword',
    });
    expect(
      messagesOf(notificationBodySchema, {
        title: 'x'.repeat(81),
        description: 'd',
        type: 'other',
        is_publish_to_all: true,
        publish_date: '2026-13-01 00:00',
        expire_date: '2026-01-02 00:00',
      }),
    ).toEqual({ title: 'validation.title', publish_date: 'validation.invalidDate' });
  });

  it('has every key in the four catalogues', () => {
    const keys = new Set(cases.flatMap((c) => Object.values(c.expected)));
    for (const lang of LANGUAGES) {
      const catalogue = JSON.parse(
        readFileSync(join(import.meta.dirname, '..', '..', 'locales', lang, 'validation.json'), 'utf8'),
      ) as Record<string, string>;
      for (const key of keys)
        expect(catalogue[key.slice('validation.'.length)], `${lang} ${key}`).toBeTruthy();
    }
  });
});
