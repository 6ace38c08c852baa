// The server's translations read i18next's plural forms from the same catalogues as the web.
import { describe, expect, it } from 'vitest';
import { translate } from './i18n.ts';

describe('plural texts', () => {
  it('take the form of the count in each language', () => {
    expect(translate('en', 'signin', 'wait', { count: 1 })).toBe(
      'Too many sign-in attempts. Try again in 1 minute.',
    );
    expect(translate('en', 'signin', 'wait', { count: 5 })).toBe(
      'Too many sign-in attempts. Try again in 5 minutes.',
    );
    expect(translate('ja', 'signin', 'wait', { count: 1 })).toBe(
      'ログインの試行回数が多すぎます。1 分後にもう一度お試しください。',
    );
    expect(translate('zh', 'signin', 'wait', { count: 2 })).toBe('登录尝试次数过多。请在 2 分钟后重试。');
    expect(translate('my', 'signin', 'wait', { count: 1 })).toContain('1 မိနစ်');
  });
});
