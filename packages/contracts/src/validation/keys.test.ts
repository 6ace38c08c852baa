import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listQuerySchema } from '../api/errors.ts';
import { LANGUAGES } from '../shell/i18n.ts';
import {
  emailSchema,
  externalLinkSchema,
  FIELD_VALIDATION_KEYS,
  functionListSchema,
  GENERIC_VALIDATION_KEYS,
  notificationTitleSchema,
  passwordSchema,
  roleListSchema,
  usernameSchema,
} from './fields.ts';

const catalogue = (lang: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', 'locales', lang, 'validation.json'), 'utf8'),
  ) as Record<string, string>;

describe('validation keys', () => {
  it('every named key exists, flat and without the prefix, in every language', () => {
    for (const lang of LANGUAGES) {
      const keys = Object.keys(catalogue(lang));
      expect(keys).toEqual(expect.arrayContaining([...GENERIC_VALIDATION_KEYS, ...FIELD_VALIDATION_KEYS]));
      expect(keys.every((k) => !k.startsWith('validation.'))).toBe(true);
    }
  });

  it('length keys take {{min}} / {{max}}', () => {
    const en = catalogue('en');
    expect(en.tooShort).toContain('{{min}}');
    expect(en.tooSmall).toContain('{{min}}');
    expect(en.tooLong).toContain('{{max}}');
    expect(en.tooBig).toContain('{{max}}');
  });

  it("each schema's message is a 'validation.' key of the catalogue", () => {
    const en = catalogue('en');
    const messages = [
      usernameSchema.safeParse('A'),
      emailSchema.safeParse('nobody'),
      externalLinkSchema.safeParse('ftp://x'),
      passwordSchema.safeParse('short1'),
      notificationTitleSchema.safeParse(''),
      notificationTitleSchema.safeParse('x'.repeat(81)),
      roleListSchema.safeParse([]),
      functionListSchema.safeParse('oil-mgt'),
      listQuerySchema.safeParse({ order_by: 'drop table' }),
    ].map((r) => r.error?.issues[0]?.message ?? '');
    expect(messages).toEqual([
      'validation.username',
      'validation.email',
      'validation.externalLink',
      'validation.password',
      'validation.required',
      'validation.title',
      'validation.roles',
      'validation.functions',
      'validation.orderBy',
    ]);
    for (const m of messages) expect(en[m.slice('validation.'.length)], m).toBeTruthy();
  });

  it('accepts good values and trims e-mail and title', () => {
    expect(usernameSchema.safeParse('driver01').success).toBe(true);
    expect(passwordSchema.safeParse('correct horse 1').success).toBe(true);
    expect(passwordSchema.safeParse(`a1${'x'.repeat(127)}`).success).toBe(false);
    expect(emailSchema.parse('  a@b.co ')).toBe('a@b.co');
    expect(notificationTitleSchema.parse('  Notice ')).toBe('Notice');
  });
});
