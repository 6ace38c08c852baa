import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { renderInShell } from '../test/render';
import { QueryState } from './QueryState';

describe('QueryState', () => {
  it('shows skeleton lines while the query has not failed', async () => {
    const { container } = await renderInShell(<QueryState query={{ isError: false, error: null }} />);
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers Retry for a failure that may pass, and asks again', async () => {
    const refetch = vi.fn();
    const error = new ApiError('Server error', 500, 50000, null);
    await renderInShell(<QueryState query={{ isError: true, error, refetch }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('says not found for a 404, with a way back', async () => {
    const error = new ApiError('Vehicle not found', 404, 40400, null);
    await renderInShell(
      <QueryState
        query={[
          { isError: false, error: null },
          { isError: true, error },
        ]}
        back="/vehicles"
      />,
    );
    expect(screen.getByText('Not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('says the page could not be loaded for any other failure, with the reason', async () => {
    const error = new ApiError('Server error', 500, 50000, null);
    await renderInShell(<QueryState query={{ isError: true, error }} />, { language: 'ja' });
    expect(screen.getByText('このページを読み込めませんでした')).toBeTruthy();
    expect(screen.getByText('Server error')).toBeTruthy();
    expect(screen.getByRole('button', { name: '戻る' })).toBeTruthy();
  });
});
