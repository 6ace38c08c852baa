import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../test/render';
import { ErrorBoundary } from './ErrorBoundary';

afterEach(() => vi.restoreAllMocks());

/** A screen whose chunk the server no longer has, as a lazy route meets it after a deploy. */
const GoneScreen = lazy(() =>
  Promise.reject(
    new TypeError('Failed to fetch dynamically imported module: http://x/assets/screens-Old00000.js'),
  ),
);

function Broken(): never {
  throw new Error('boom');
}

describe('a screen that fails to load', () => {
  it('offers a reload when its chunk is gone after a new version was deployed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    await renderInShell(
      <ErrorBoundary title="This page stopped working" retryText="Try again">
        <Suspense fallback={null}>
          <GoneScreen />
        </Suspense>
      </ErrorBoundary>,
    );
    expect(await screen.findByText('A new version of the console is available')).toBeTruthy();
    expect(screen.queryByText('Try again')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('still shows any other error with a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderInShell(
      <ErrorBoundary title="This page stopped working" retryText="Try again">
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByText('This page stopped working')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
