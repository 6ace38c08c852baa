import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withMockedCalls } from '../../test/mocks';
import { demoProfile, renderInShell } from '../../test/render';
import {
  addCoachingNote,
  assignReviewer,
  fetchReview,
  fetchReviewers,
  moveReview,
  recordAcknowledgement,
} from './api';
import { ReviewPanel } from './ReviewPanel';
import { aReview } from './testReview';

vi.mock('./api', (original) =>
  withMockedCalls(original, [
    'fetchReview',
    'fetchReviewers',
    'moveReview',
    'assignReviewer',
    'addCoachingNote',
    'recordAcknowledgement',
  ]),
);

const note = {
  id: 'n-1',
  operator: { id: 'op-1', name: 'Otto Driver' },
  note: 'Slow down at the gate',
  author: { id: 'u-1', name: 'Mina Manager' },
  created_at: '2026-11-20T03:00:00.000Z',
  acknowledged_at: null,
  acknowledged_recorded_by: null,
};

const renderPanel = () =>
  renderInShell(<ReviewPanel eventId="e-1" />, { profile: demoProfile({ sys_role: 'admin' }) });

describe('the workflow panel', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    vi.mocked(fetchReview).mockResolvedValue(aReview());
    vi.mocked(fetchReviewers).mockResolvedValue([{ id: 'u-2', name: 'Rita Reviewer', username: 'rita' }]);
  });

  it('offers exactly the steps the rule allows from the state, and takes one', async () => {
    await renderPanel();
    await screen.findByText('Needs review');
    const steps = screen.getByRole('group', { name: 'Next step' });
    expect([...steps.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Needs coaching',
      'Mark reviewed',
      'Dismiss',
    ]);
    vi.mocked(moveReview).mockResolvedValue(aReview({ state: 'needs-coaching' }));
    fireEvent.click(screen.getByRole('button', { name: 'Needs coaching' }));
    await vi.waitFor(() => expect(moveReview).toHaveBeenCalledWith('e-1', 'needs-coaching'));
    expect(await screen.findByRole('button', { name: 'Mark coached' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark reviewed' })).toBeNull();
  });

  it('assigns a reviewer the server offers', async () => {
    vi.mocked(assignReviewer).mockResolvedValue(aReview({ assignee: { id: 'u-2', name: 'Rita Reviewer' } }));
    await renderPanel();
    fireEvent.mouseDown(await screen.findByLabelText('Reviewer'));
    fireEvent.click(await screen.findByText('Rita Reviewer (rita)'));
    await vi.waitFor(() => expect(assignReviewer).toHaveBeenCalledWith('e-1', 'u-2'));
  });

  it('writes a note and records the operator’s acknowledgement; refuses an empty note', async () => {
    vi.mocked(fetchReview).mockResolvedValue(aReview({ state: 'needs-coaching', notes: [note] }));
    vi.mocked(recordAcknowledgement).mockResolvedValue(
      aReview({
        state: 'needs-coaching',
        notes: [
          {
            ...note,
            acknowledged_at: '2026-11-20T04:00:00.000Z',
            acknowledged_recorded_by: { id: 'u-1', name: 'Mina Manager' },
          },
        ],
      }),
    );
    await renderPanel();
    expect(await screen.findByText('Slow down at the gate')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Operator acknowledged' }));
    await vi.waitFor(() => expect(recordAcknowledgement).toHaveBeenCalledWith('e-1', 'n-1'));
    expect(await screen.findByText(/recorded by Mina Manager/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText(/required|Enter/i)).toBeTruthy();
    expect(addCoachingNote).not.toHaveBeenCalled();
  });
});
