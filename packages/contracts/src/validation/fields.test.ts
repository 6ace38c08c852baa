import { describe, expect, it } from 'vitest';
import {
  emailSchema,
  externalLinkSchema,
  isPassword,
  isUsername,
  roleListSchema,
  titleSchema,
} from './fields.ts';

describe('field rules (spec §5)', () => {
  it('usernames: a lowercase letter, then lowercase letters or digits, 4 to 33 in all', () => {
    expect(isUsername('abcd')).toBe(true);
    expect(isUsername(`a${'b'.repeat(32)}`)).toBe(true);
    expect(isUsername(`a${'b'.repeat(33)}`)).toBe(false);
    expect(isUsername('abc')).toBe(false);
    expect(isUsername('1abc')).toBe(false);
    expect(isUsername('Abcd')).toBe(false);
    expect(isUsername('ab_cd')).toBe(false);
  });

  it('e-mail, external link, password, title and role list', () => {
    expect(emailSchema.safeParse('name@example.com').success).toBe(true);
    expect(emailSchema.safeParse('name@').error?.issues[0]?.message).toBe('validation.email');
    for (const ok of ['http://a', 'https://a', 'mailto:a@b.c', 'tel:+81'])
      expect(externalLinkSchema.safeParse(ok).success).toBe(true);
    expect(externalLinkSchema.safeParse('javascript:alert(1)').error?.issues[0]?.message).toBe(
      'validation.externalLink',
    );
    expect(isPassword('abcdefg1')).toBe(true);
    expect(isPassword('abcdefgh')).toBe(false);
    expect(isPassword('1234567a'.slice(0, 7))).toBe(false);
    expect(titleSchema.safeParse('x'.repeat(80)).success).toBe(true);
    expect(titleSchema.safeParse('x'.repeat(81)).error?.issues[0]?.message).toBe('validation.title');
    expect(titleSchema.safeParse('  ').error?.issues[0]?.message).toBe('validation.required');
    expect(roleListSchema.safeParse([]).error?.issues[0]?.message).toBe('validation.roles');
  });
});
