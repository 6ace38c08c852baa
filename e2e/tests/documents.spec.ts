// An admin publishes a release note and the user menu shows its version; a customer's user
// uploads a PDF, previews it, and sees a 6 MB file and a renamed program refused.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { DocumentsScreens } from '../pages/DocumentsScreens.ts';
import { expect, test } from '../pages/test.ts';

test('an admin publishes a release note and the user menu shows its version', async ({ page }) => {
  const shell = new ConsoleShell(page);
  const screens = new DocumentsScreens(page);
  await shell.openAndSignIn('/release-note/listings', 'admin');
  await screens.publishReleaseNote({
    version: '3.4.0',
    note: 'Files: upload, preview and edit.\nManual versions.',
  });
  await expect(screens.row('3.4.0')).toContainText('Files: upload, preview and edit.');
  await screens.openUserMenu();
  await expect(screens.userMenuItem('Release notes (v3.4.0)')).toBeVisible();
});

test("a customer's user uploads a PDF, previews it, and sees a 6 MB file and a renamed program refused", async ({
  page,
}) => {
  const shell = new ConsoleShell(page);
  const screens = new DocumentsScreens(page);
  await shell.openAndSignIn('/files/new', 'manager');

  // Too big: refused before anything is sent.
  await screens.fillFile({
    name: 'Yard video',
    file: {
      name: 'big.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([DocumentsScreens.pdf(), Buffer.alloc(6 * 1024 * 1024, 32)]),
    },
  });
  await screens.button(/^save$/i);
  await expect(screens.fieldError('The file size must be at most 5 MB.')).toBeVisible();

  // A program renamed to .pdf: the server reads its bytes and refuses it.
  await screens.fillFile({
    name: 'Invoice',
    file: { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: DocumentsScreens.program() },
  });
  await screens.button(/^save$/i);
  await expect(screens.fieldError('The file format must be valid.')).toBeVisible();
  await expect(page).toHaveURL(/#\/files\/new$/);

  // A real PDF is filed, listed and previewed.
  await screens.fillFile({
    name: 'Yard safety rules',
    description: 'Rules for the north yard',
    file: { name: 'safety-rules.pdf', mimeType: 'application/pdf', buffer: DocumentsScreens.pdf() },
  });
  await screens.button(/^save$/i);
  await expect(page).toHaveURL(/#\/release-note\/listings\?tab=files$/);
  await expect(screens.row('Yard safety rules')).toContainText('safety-rules.pdf');
  await expect(screens.row('Invoice')).toHaveCount(0);
  await expect(screens.row('Yard video')).toHaveCount(0);

  await screens.row('Yard safety rules').getByRole('link', { name: 'Yard safety rules' }).click();
  await expect(page).toHaveURL(/#\/files\/customer\/[0-9a-f-]{36}\/view\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Rules for the north yard').filter({ visible: true })).toBeVisible();
  const frame = screens.preview();
  await expect(frame).toBeVisible();
  const source = (await frame.getAttribute('src')) ?? '';
  expect(source).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}\/content\?expires=\d+&signature=/);
  const content = await page.request.get(source);
  expect(content.status()).toBe(200);
  expect(content.headers()['content-type']).toBe('application/pdf');
  expect((await content.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
