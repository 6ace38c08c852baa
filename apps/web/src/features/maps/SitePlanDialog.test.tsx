// The site plan dialog: an image's edges are checked with the contracts' limits and said with a
// message (an edge beyond the poles is refused, not silently turned into 90), and nothing is sent.
import { sitePlanUpload } from '@fleetlens/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { renderInShell } from '../../test/render';
import * as api from './api';
import { SitePlanDialog } from './SitePlanDialog';

afterEach(() => vi.restoreAllMocks());

describe('the site plan dialog', () => {
  it('refuses an image edge beyond the pole with a message and sends nothing', async () => {
    const upload = vi.spyOn(api, 'uploadSitePlan');
    await renderInShell(
      <SitePlanDialog
        open
        onClose={() => undefined}
        companies={[{ value: 'c-1', label: 'Harbor Logistics' }]}
        company="c-1"
        view={[
          [139.77, 35.61],
          [139.78, 35.62],
        ]}
        withPlan={new Set()}
      />,
    );
    fireEvent.click(await screen.findByLabelText('Image placed on the map'));
    const north = await screen.findByLabelText('North edge (latitude)');
    fireEvent.change(north, { target: { value: '95' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a value of at most 90.')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });
});

// The plan's file is held to the upload's description in the contracts, the one the server's
// route reads: missing, or one byte over its limit, it is refused with the contracts' messages.
describe('the site plan dialog file', () => {
  const message = ({ key, params }: { key: string; params: Record<string, unknown> }) =>
    i18n.t(`validation:${key}`, params);
  const open = () =>
    renderInShell(
      <SitePlanDialog
        open
        onClose={() => undefined}
        companies={[{ value: 'c-1', label: 'Harbor Logistics' }]}
        company="c-1"
        view={undefined}
        withPlan={new Set()}
      />,
    );

  it('asks for a file with the contracts message', async () => {
    const upload = vi.spyOn(api, 'uploadSitePlan');
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(message(sitePlanUpload.file.required ?? { key: '', params: {} })),
    ).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses a file one byte over the contracts limit, sends one of exactly the limit', async () => {
    const upload = vi.spyOn(api, 'uploadSitePlan').mockResolvedValue({
      customer_id: 'c-1',
      kind: 'geojson',
      geojson: null,
      image: null,
      updated_at: '2026-12-07 00:00:00',
    });
    await open();
    const pick = async (size: number) => {
      const file = new File(['{}'], 'yard.geojson', { type: 'application/geo+json' });
      Object.defineProperty(file, 'size', { value: size });
      fireEvent.change(document.querySelector('input[type="file"]') as HTMLInputElement, {
        target: { files: [file] },
      });
      expect(await screen.findByText('yard.geojson')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    };
    await pick(sitePlanUpload.file.maxBytes + 1);
    expect(message(sitePlanUpload.file.tooLarge)).toBe('The site plan file must be at most 2 MB.');
    expect(await screen.findByText(message(sitePlanUpload.file.tooLarge))).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
    await pick(sitePlanUpload.file.maxBytes);
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
  });
});
