import type { Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** A file as the browser's file picker sends it. */
export type PickedFile = { name: string; mimeType: string; buffer: Buffer };

/** Release notes, files and the user menu's release link. */
export class DocumentsScreens extends BasePage {
  static pdf(): Buffer {
    return Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
  }

  /** A Windows program's first bytes. */
  static program(): Buffer {
    return Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(4096, 0)]);
  }

  async publishReleaseNote(note: { version: string; note: string }) {
    await this.openForm('New release note', /#\/release-note\/new$/);
    await this.fill(note);
    await this.save();
    await this.expectAt(/#\/release-note\/listings$/);
  }

  /** Fills the file form; `file` goes to the file picker. */
  async fillFile(values: { name?: string; description?: string; file?: PickedFile }) {
    const { file, ...fields } = values;
    await this.fill(fields);
    if (file) await this.page.locator('input[type=file]').setInputFiles(file);
  }

  /** A form message, wherever it stands. */
  formError(text: string): Locator {
    return this.visible(this.page.locator('.ant-form-item-explain-error')).filter({ hasText: text });
  }

  preview(): Locator {
    return this.visible(this.page.locator('iframe[title="Preview"]'));
  }
}
