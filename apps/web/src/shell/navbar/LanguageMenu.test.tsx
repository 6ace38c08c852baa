import { LANGUAGE_NAMES, LANGUAGES } from '@fleetlens/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../app/i18n';
import { renderInShell } from '../../test/render';
import { LanguageMenu } from './LanguageMenu';

afterEach(async () => {
  await changeLanguage('en');
});

async function choose(label: string) {
  fireEvent.click(screen.getByRole('button', { name: /^(Language|言語|语言|ဘာသာစကား)$/ }));
  fireEvent.click(await screen.findByRole('menuitem', { name: label }));
}

describe('LanguageMenu', () => {
  it("offers the four languages, each named in itself, in the contracts' order as the sign-in page", async () => {
    await renderInShell(<LanguageMenu />);
    fireEvent.click(screen.getByRole('button', { name: 'Language' }));
    await screen.findByRole('menuitem', { name: 'English' });
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(
      LANGUAGES.map((code) => LANGUAGE_NAMES[code]),
    );
    expect(LANGUAGES.map((code) => LANGUAGE_NAMES[code])).toEqual(['English', '日本語', '简体中文', 'မြန်မာ']);
  });

  it('switches the html lang, the texts and remembers the choice', async () => {
    await renderInShell(<LanguageMenu />);
    await choose('日本語');
    await waitFor(() => expect(document.documentElement.lang).toBe('ja'));
    expect(await screen.findByRole('button', { name: '言語' })).toBeTruthy();
    expect(localStorage.getItem('language')).toBe('ja');
    expect(document.documentElement.classList.contains('lang-my')).toBe(false);
  });

  it('marks Burmese with the lang-my class for its font', async () => {
    await renderInShell(<LanguageMenu />);
    await choose('မြန်မာ');
    await waitFor(() => expect(document.documentElement.lang).toBe('my'));
    expect(document.documentElement.classList.contains('lang-my')).toBe(true);
    expect(await screen.findByRole('button', { name: 'ဘာသာစကား' })).toBeTruthy();
  });
});
