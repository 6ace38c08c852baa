import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { publishLive } from '../../app/liveBus';
import { findRow, lastParams, pageOf } from '../../test/lists';
import { withMockedCalls } from '../../test/mocks';
import { renderInShell } from '../../test/render';
import { anEvent } from '../events/testEvents';
import { fetchInbox } from './api';
import { ReviewInboxPage } from './ReviewInboxPage';

vi.mock('./api', (original) => withMockedCalls(original, ['fetchInbox']));

const rows = [
  {
    ...anEvent({ id: 'e-1', review_state: 'needs-coaching' }),
    assignee: { id: 'u-1', name: 'Rita Reviewer' },
  },
  { ...anEvent({ id: 'e-2', type: 'SuddenTurn' }), assignee: null },
];

describe('the review inbox', () => {
  beforeEach(() => {
    vi.mocked(fetchInbox).mockReset();
    vi.mocked(fetchInbox).mockResolvedValue(pageOf(rows));
  });

  it('shows what waits, whose it is, and links each event to its detail', async () => {
    await renderInShell(<ReviewInboxPage />, { path: '/event-inbox' });
    const mine = await findRow('Rita Reviewer');
    expect(within(mine).getByText('Needs coaching')).toBeTruthy();
    expect(within(mine).getByRole('link').getAttribute('href')).toMatch(
      /\/event-summary\/e-1\/event-detail$/,
    );
    const open = screen.getByText('Anyone').closest('tr') as HTMLElement;
    expect(within(open).getByText('Sudden turn')).toBeTruthy();
    expect(lastParams(fetchInbox)).toMatchObject({ page: 1, perPage: 50 });
    expect(screen.getByText('Waiting: 2')).toBeTruthy();
  });

  it('asks again when an event changes', async () => {
    await renderInShell(<ReviewInboxPage />, { path: '/event-inbox' });
    await screen.findByText('Rita Reviewer');
    const calls = vi.mocked(fetchInbox).mock.calls.length;
    publishLive({ type: 'events-changed', data: { ids: ['e-1'] } });
    await vi.waitFor(() => expect(vi.mocked(fetchInbox).mock.calls.length).toBeGreaterThan(calls));
  });
});
