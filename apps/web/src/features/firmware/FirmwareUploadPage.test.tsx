// The firmware upload form holds its file to the firmware upload's description in the contracts,
// the one the server reads: a missing file, a name off the spec's pattern and a file over the limit
// are refused with the contracts' messages and nothing is sent; a file named by the pattern shows
// its device type and version and is sent with them.
import { firmwareUpload } from '@fleetlens/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { renderInShell } from '../../test/render';
import * as api from './api';
import { FirmwareUploadPage } from './FirmwareUploadPage';

const image = (name: string, size = 4096) => {
  const file = new File(['firmware'], name, { type: 'application/octet-stream' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
const message = ({ key, params }: { key: string; params: Record<string, unknown> }) =>
  i18n.t(`validation:${key}`, params);

async function send(file?: File, language: 'en' | 'ja' = 'en') {
  await renderInShell(<FirmwareUploadPage />, { language });
  if (file) {
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText(file.name)).toBeTruthy();
  }
  fireEvent.click(screen.getByRole('button', { name: i18n.t('firmware:actions.upload') }));
}

describe('the firmware upload form', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for the file with the contracts message', async () => {
    const upload = vi.spyOn(api, 'uploadFirmware');
    await send();
    expect(
      await screen.findByText(message(firmwareUpload.file.required ?? { key: '', params: {} })),
    ).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it("refuses a name off the spec's pattern with the contracts message", async () => {
    const upload = vi.spyOn(api, 'uploadFirmware');
    await send(image('dv426_upgrade_20261201.8701_fk_Rename.bin'));
    expect(message(firmwareUpload.file.name.message)).toBe(
      'The file name must be dv426_upgrade_yyyymmdd.nnnn_fk_Rename or dv456_upgrade_yyyymmdd.nnnn_fk_Rename.',
    );
    expect(await screen.findByText(message(firmwareUpload.file.name.message))).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('says so in the language of the console', async () => {
    await send(image('firmware.bin'), 'ja');
    expect(await screen.findByText(/^ファイル名は/)).toBeTruthy();
  });

  it('refuses a file one byte over the contracts limit', async () => {
    const upload = vi.spyOn(api, 'uploadFirmware');
    await send(image('dv426_upgrade_20261201.8701_fk_Rename', firmwareUpload.file.maxBytes + 1));
    expect(await screen.findByText(message(firmwareUpload.file.tooLarge))).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('shows what the name says and sends it with the file', async () => {
    const upload = vi.spyOn(api, 'uploadFirmware').mockResolvedValue({ id: 'f-1' } as never);
    await send(image('dv456_upgrade_20261205.8702_fk_Rename'));
    expect(screen.getByText('dv456')).toBeTruthy();
    expect(screen.getByText('8702')).toBeTruthy();
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0]?.[0]).toMatchObject({
      file_name: 'dv456_upgrade_20261205.8702_fk_Rename',
      version: 8702,
      device_type: 'dv456',
    });
  });
});
