// Languages asked for one after another while the first's files still load: the newest wins,
// whatever order their files arrive in.
import { describe, expect, it } from 'vitest';
import { i18n, initI18n } from './i18n';

describe('the console language', () => {
  it('is the newest asked for, though an older one finishes loading later', async () => {
    await initI18n('en');
    // Burmese's files are not loaded yet, English's are: English, asked second, is ready first.
    const older = initI18n('my');
    const newer = initI18n('en');
    await Promise.all([older, newer]);
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.language).toBe('en');
    expect(document.documentElement.classList.contains('lang-my')).toBe(false);
  });
});
