// An admin publishes a release note and the user menu shows its version; a customer's user
// uploads a PDF, previews it, and sees a 6 MB file and a renamed program refused.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { DocumentsScreens } from '../pages/DocumentsScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueName } from '../pages/unique.ts';

test.describe(() => {
  test.use({ signedInAs: 'admin' });

  test('an admin publishes a release note and the user menu shows its version', async ({ page }) => {
    const screens = new DocumentsScreens(page);
    await new ConsoleShell(page).open('/release-note/listings');
    await screens.publishReleaseNote({
      version: '3.4.0',
      note: 'Files: upload, preview and edit.\nManual versions.',
    });
    await expect(screens.mentioning('3.4.0')).toContainText('Files: upload, preview and edit.');
    await screens.clickButton('User menu');
    await expect(screens.menuItem('Release notes (v3.4.0)')).toBeVisible();
  });
});

test.describe(() => {
  test.use({ signedInAs: 'manager' });

  test("a customer's user uploads a PDF, previews it, and sees a 6 MB file and a renamed program refused", async ({
    page,
  }) => {
    const screens = new DocumentsScreens(page);
    const tooBig = uniqueName('Yard video');
    const program = uniqueName('Invoice');
    const rules = uniqueName('Yard safety rules');
    await new ConsoleShell(page).open('/files/new');

    // Too big: refused before anything is sent.
    const pdf = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/pdf', buffer });
    await screens.fillFile({
      name: tooBig,
      file: pdf('big.pdf', Buffer.concat([DocumentsScreens.pdf(), Buffer.alloc(6 * 1024 * 1024, 32)])),
    });
    await screens.save();
    await expect(screens.formError('The file size must be at most 5 MB.')).toBeVisible();

    // A program renamed to .pdf: the server reads its bytes and refuses it.
    await screens.fillFile({ name: program, file: pdf('invoice.pdf', DocumentsScreens.program()) });
    await screens.save();
    await expect(screens.formError('The file format must be valid.')).toBeVisible();
    await screens.expectAt(/#\/files\/new$/);

    // A real PDF is filed, listed and previewed.
    await screens.fillFile({
      name: rules,
      description: 'Rules for the north yard',
      file: pdf('safety-rules.pdf', DocumentsScreens.pdf()),
    });
    await screens.save();
    await screens.expectAt(/#\/release-note\/listings\?tab=files$/);
    await expect(screens.mentioning(rules)).toContainText('safety-rules.pdf');
    await expect(screens.mentioning(program)).toHaveCount(0);
    await expect(screens.mentioning(tooBig)).toHaveCount(0);

    await screens.mentioning(rules).getByRole('link', { name: rules }).click();
    await screens.expectAt(/#\/files\/customer\/[0-9a-f-]{36}\/view\/[0-9a-f-]{36}$/);
    await expect(screens.shown('Rules for the north yard')).toBeVisible();
    const frame = screens.preview();
    await expect(frame).toBeVisible();
    const source = (await frame.getAttribute('src')) ?? '';
    expect(source).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}\/content\?expires=\d+&signature=/);
    const content = await page.request.get(source);
    expect(content.status()).toBe(200);
    expect(content.headers()['content-type']).toBe('application/pdf');
    expect((await content.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
