import { describe, expect, it } from 'vitest';
import {
  emailSchema,
  externalLinkSchema,
  isCleanText,
  isPassword,
  isRealDate,
  isRealServerTime,
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

  it('dates and server times name a real day and clock', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    for (const no of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-1-01'])
      expect(isRealDate(no)).toBe(false);
    for (const ok of ['2026-02-28 23:59', '2026-02-28 00:00:59']) expect(isRealServerTime(ok)).toBe(true);
    for (const no of ['2026-02-30 10:00', '2026-02-28 24:00', '2026-02-28 10:60', '2026-02-28 10:00:60'])
      expect(isRealServerTime(no), no).toBe(false);
  });

  it('text holds no control character but tab and line breaks, and no lone surrogate', () => {
    for (const ok of ['plain', 'tab\tand\r\nbreaks', '日本語 🚚']) expect(isCleanText(ok)).toBe(true);
    for (const no of ['a\u0000b', 'bell\u0007', 'esc\u001b[2J', 'del\u007f', 'c1\u0085', 'half\ud800'])
      expect(isCleanText(no), JSON.stringify(no)).toBe(false);
  });
});
