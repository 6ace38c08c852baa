import { expect, type Locator, type Page } from '@playwright/test';

/** Release notes, files and the user menu's release link. */
export class DocumentsScreens {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  static pdf(): Buffer {
    return Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
  }

  /** A Windows program's first bytes. */
  static program(): Buffer {
    return Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(4096, 0)]);
  }

  private visible(locator: Locator): Locator {
    return locator.filter({ visible: true });
  }

  async button(name: string | RegExp) {
    await this.visible(this.page.getByRole('button', { name })).click();
  }

  async publishReleaseNote(note: { version: string; note: string }) {
    await this.button('New release note');
    await expect(this.page).toHaveURL(/#\/release-note\/new$/);
    await this.page.locator('#version').fill(note.version);
    await this.page.locator('#note').fill(note.note);
    await this.button(/^save$/i);
    await expect(this.page).toHaveURL(/#\/release-note\/listings$/);
  }

  row(text: string): Locator {
    return this.visible(this.page.getByRole('row')).filter({ hasText: text });
  }

  async openUserMenu() {
    await this.visible(this.page.getByRole('button', { name: 'User menu' })).click();
  }

  userMenuItem(name: string | RegExp): Locator {
    return this.visible(this.page.getByRole('menuitem', { name }));
  }

  /** Fills the file form; `file` goes to the file picker as the browser would send it. */
  async fillFile(values: {
    name?: string;
    description?: string;
    file?: { name: string; mimeType: string; buffer: Buffer };
  }) {
    if (values.name !== undefined) await this.page.locator('#name').fill(values.name);
    if (values.description !== undefined) await this.page.locator('#description').fill(values.description);
    if (values.file) await this.page.locator('input[type=file]').setInputFiles(values.file);
  }

  fieldError(text: string): Locator {
    return this.visible(this.page.locator('.ant-form-item-explain-error')).filter({ hasText: text });
  }

  preview(): Locator {
    return this.visible(this.page.locator('iframe[title="Preview"]'));
  }
}
