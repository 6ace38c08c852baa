import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInShell } from '../../test/render';
import { ForbiddenPage } from './ForbiddenPage';
import { NotFoundPage } from './NotFoundPage';

describe('standalone pages', () => {
  it('404 says what the spec says and links home', async () => {
    await renderInShell(<NotFoundPage />, { profile: null, path: '/404' });
    expect(screen.getByRole('heading', { level: 1, name: 'OOPS!' })).toBeTruthy();
    expect(screen.getByText('The webmaster said that you can not enter this page...')).toBeTruthy();
    expect(
      screen.getByText(
        'Please check that the URL you entered is correct, or click the button below to return to the homepage.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Page not found - FleetLens v3');
  });

  it('403 explains the device limit and offers to log in again', async () => {
    await renderInShell(<ForbiddenPage />, { profile: null, path: '/403' });
    expect(screen.getByText('The number of devices allowed to log in has been exceeded.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in again' }).getAttribute('href')).toMatch(/#\/login$/);
    // A user at the limit is never stranded: they can free their own other browsers.
    expect(screen.getByRole('button', { name: 'Sign in and sign out my other browsers' })).toBeTruthy();
    expect(document.title).toBe('Device limit reached - FleetLens v3');
  });

  it('403 speaks Japanese word for word as the spec gives it', async () => {
    await renderInShell(<ForbiddenPage />, { profile: null, path: '/403', language: 'ja' });
    expect(screen.getByText('ログイン可能なデバイスの数を超えています。')).toBeTruthy();
    expect(screen.getByText('この制限の解除が必要な場合は、管理者に連絡してください。')).toBeTruthy();
  });
});
