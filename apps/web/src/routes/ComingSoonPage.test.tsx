import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInShell } from '../test/render';
import { ComingSoonPage } from './ComingSoonPage';

describe('ComingSoonPage', () => {
  it('says the screen comes in a later release and leads home', async () => {
    await renderInShell(<ComingSoonPage />, { path: '/roles' });
    expect(screen.getByText(/coming in a later release/i)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });
});
