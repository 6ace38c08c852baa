// A list whose records are created and edited in its dialog: "New" opens it empty, a row's "Edit"
// opens it on that row, closing empties it, and neither button shows to whoever may not act.
import { vehicleGroupResource } from '@fleetlens/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoProfile, renderInShell } from '../../test/render';
import { useDialogEditing } from './useDialogEditing';

type Row = { id: string; name: string };
const ROW: Row = { id: 'g-1', name: 'Night shift' };

function Groups() {
  const dialog = useDialogEditing<Row>(vehicleGroupResource, { create: 'New', edit: 'Edit' });
  const shown = dialog.editing === undefined ? 'closed' : (dialog.editing?.name ?? 'a new group');
  return (
    <>
      {dialog.create && (
        <button type="button" onClick={dialog.create.onClick}>
          {dialog.create.label}
        </button>
      )}
      {dialog.editButton(ROW)}
      <button type="button" onClick={dialog.close}>
        Close
      </button>
      <output>{shown}</output>
    </>
  );
}

describe('a list edited in its dialog', () => {
  it('opens the dialog empty for New, on the row for Edit, and closes it', async () => {
    await renderInShell(<Groups />, { profile: demoProfile({ sys_role: 'support' }) });
    expect(screen.getByRole('status').textContent).toBe('closed');
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    expect(screen.getByRole('status').textContent).toBe('a new group');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('status').textContent).toBe('Night shift');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('status').textContent).toBe('closed');
  });

  it('offers neither New nor Edit to a user without the privileges', async () => {
    await renderInShell(<Groups />, { profile: demoProfile({ sys_role: 'user', roles: [] }) });
    expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
