// The manual upload form holds its file to the upload's description in the contracts, the one the
// server's route reads: a missing file and a file one byte over the limit are refused with the
// contracts' messages and nothing is sent; a file of exactly the limit is sent.
import { manualUpload } from '@fleetlens/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { renderInShell } from '../../test/render';
import * as api from './api';
import { UploadManual } from './UploadManual';

const pdf = (size: number) => {
  const file = new File(['%PDF-1.7'], 'manual.pdf', { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
const message = ({ key, params }: { key: string; params: Record<string, unknown> }) =>
  i18n.t(`validation:${key}`, params);

async function fill(file?: File) {
  await renderInShell(<UploadManual />);
  fireEvent.change(screen.getByPlaceholderText('3.1'), { target: { value: '3.1' } });
  if (file) {
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText('manual.pdf')).toBeTruthy();
  }
  fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
}

describe('the manual upload form', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for the file with the contracts message', async () => {
    const upload = vi.spyOn(api, 'uploadManual');
    await fill();
    const required = manualUpload.file.required;
    expect(required).not.toBeNull();
    expect(await screen.findByText(message(required ?? { key: '', params: {} }))).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses a file one byte over the contracts limit with its message', async () => {
    const upload = vi.spyOn(api, 'uploadManual');
    await fill(pdf(manualUpload.file.maxBytes + 1));
    expect(message(manualUpload.file.tooLarge)).toBe('The manual must be at most 50 MB.');
    expect(await screen.findByText(message(manualUpload.file.tooLarge))).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('sends a file of exactly the contracts limit', async () => {
    const upload = vi.spyOn(api, 'uploadManual').mockResolvedValue({
      id: 'm-1',
      version: '3.1',
      file_name: 'manual.pdf',
      size: manualUpload.file.maxBytes,
      created_by: null,
      created_at: '2026-12-07 00:00:00',
    });
    await fill(pdf(manualUpload.file.maxBytes));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
  });
});
