import { MANUAL_MESSAGE_SECONDS } from '@fleetlens/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../test/render';
import { useManualDownload } from './download';

function DownloadButton({ id }: { id: string | null }) {
  const download = useManualDownload();
  return (
    <button type="button" onClick={() => void download(id)}>
      manual
    </button>
  );
}

const answer = (status: number, body: object) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  message.destroy();
});

async function click(id: string | null) {
  await renderInShell(<DownloadButton id={id} />, { path: '/' });
  fireEvent.click(screen.getByRole('button', { name: 'manual' }));
}

describe('manual download', () => {
  it('opens the signed link in a new tab', async () => {
    vi.stubGlobal(
      'fetch',
      answer(200, { data: { manual: '/api/v1/manual/m1/file?expires=1&signature=s' }, code: 20000 }),
    );
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await click('m1');
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('/api/v1/manual/m1/file?expires=1&signature=s', '_blank', 'noopener'),
    );
  });

  it("shows 'Manual not found' for 70 seconds when the manual is missing", async () => {
    vi.stubGlobal(
      'fetch',
      answer(404, { data: { message: 'Manual not found.' }, message: 'Manual not found.', code: 40400 }),
    );
    const error = vi.spyOn(message, 'error');
    await click('gone');
    await waitFor(() => expect(screen.getByText('Manual not found')).toBeTruthy());
    expect(MANUAL_MESSAGE_SECONDS).toBe(70);
    // The API client's own toast stays quiet: one message, the spec's.
    expect(error).not.toHaveBeenCalled();
  });

  it("shows 'Something went wrong' for other failures, and 'Manual not found' when there is none", async () => {
    vi.stubGlobal('fetch', answer(500, { data: { message: 'x' }, message: 'x', code: 50000 }));
    await click('m1');
    await waitFor(() => expect(screen.getByText('Something went wrong')).toBeTruthy());
  });
});
