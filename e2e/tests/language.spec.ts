// A user switches the console through its four languages; the choice survives a reload.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { expect, test } from '../pages/test.ts';

test.use({ signedInAs: 'support' });

const languages = [
  { label: '日本語', lang: 'ja', vehicles: '車両' },
  { label: '简体中文', lang: 'zh', vehicles: '车辆' },
  { label: 'မြန်မာ', lang: 'my', vehicles: null },
  { label: 'English', lang: 'en', vehicles: 'Vehicles' },
];

test('the language menu switches all four languages and the choice survives a reload', async ({ page }) => {
  const shell = new ConsoleShell(page);
  await shell.open('/vehicles');
  for (const { label, lang, vehicles } of languages) {
    await shell.switchLanguage(label);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    if (vehicles) {
      await expect(shell.pageHeading()).toHaveText(vehicles);
      // Visited tabs follow the language too.
      await expect(shell.tags().getByRole('tab', { name: vehicles })).toBeVisible();
    } else await expect(shell.pageHeading()).not.toHaveText('Vehicles');
    await page.reload();
    await shell.expectReady();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
  }
  await expect(shell.pageHeading()).toHaveText('Vehicles');
});

test('Burmese, Japanese and Chinese text is drawn with fonts the console brings', async ({ page }) => {
  const shell = new ConsoleShell(page);
  // A form: texts of two weights and four sizes, on the page before each switch.
  await shell.open('/vehicles/new');
  await shell.switchLanguage('日本語');
  await shell.expectLettersFetched('Noto Sans JP', /[\u3040-\u30ff\u4e00-\u9fff]/);
  await shell.expectFontLoaded(/Noto Sans JP/);
  await shell.switchLanguage('简体中文');
  await shell.expectLettersFetched('Noto Sans SC', /[\u4e00-\u9fff]/);
  await shell.expectFontLoaded(/Noto Sans SC/);
  await shell.switchLanguage('မြန်မာ');
  await expect(page.locator('html')).toHaveClass(/lang-my/);
  // The fonts have loaded: a server's system fonts have no Myanmar, Han or kana glyphs.
  await shell.expectLettersFetched('Noto Sans Myanmar', /[\u1000-\u109f]/);
  await shell.expectFontLoaded(/Noto Sans Myanmar/);
  await shell.switchLanguage('English');
});

test('a console opened in Chinese lays out its first titles with their letters already fetched', async ({
  page,
}) => {
  // Chromium draws boxes for a text laid out before its font slice arrived, and keeps them: every
  // text of Han letters is checked the moment it joins the page.
  await page.addInitScript(() => {
    localStorage.setItem('language', 'zh');
    const missed: string[] = [];
    (window as unknown as { missedLetters: string[] }).missedLetters = missed;
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          for (const el of [node, ...node.querySelectorAll<HTMLElement>('*')]) {
            const text = [...el.childNodes]
              .filter((n) => n.nodeType === Node.TEXT_NODE)
              .map((n) => n.textContent)
              .join('')
              .trim();
            if (!/[\u4e00-\u9fff]/.test(text)) continue;
            const style = getComputedStyle(el);
            if (!document.fonts.check(`${style.fontWeight} ${style.fontSize} 'Noto Sans SC'`, text))
              missed.push(`${el.tagName} ${style.fontWeight}: ${text}`);
          }
        }
    }).observe(document, { childList: true, subtree: true });
  });
  const shell = new ConsoleShell(page);
  await shell.open('/vehicles');
  await expect(shell.pageHeading()).toHaveText('车辆');
  const missed = await page.evaluate(() => (window as unknown as { missedLetters: string[] }).missedLetters);
  // No text of the first screen was laid out before its letters were fetched (before the start
  // fetched the shell's letters, the sidebar, tabs, title and columns all were).
  expect(missed).toEqual([]);
});
