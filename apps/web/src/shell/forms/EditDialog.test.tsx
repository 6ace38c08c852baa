// The edit dialog: OK pressed twice sends one request, a refusal shows under its field, and a
// saved dialog closes.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fieldRefusal } from '../../test/refusals';
import { renderInShell } from '../../test/render';
import { EditDialog } from './EditDialog';

type Values = { name: string };

function Dialog({ save }: { save: (values: Values) => Promise<unknown> }) {
  const [open, setOpen] = useState(true);
  return open ? (
    <EditDialog<Values>
      open
      title="Group"
      values={{ name: 'Night shift' }}
      onClose={() => setOpen(false)}
      save={save}
      invalidate={['groups']}
    >
      <Form.Item name="name" label="Name">
        <Input />
      </Form.Item>
    </EditDialog>
  ) : (
    <p>Closed</p>
  );
}

describe('the edit dialog', () => {
  it('sends one request for two presses of OK, and closes once saved', async () => {
    let answer: () => void = () => undefined;
    const save = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    await renderInShell(<Dialog save={save} />);
    await screen.findByDisplayValue('Night shift');
    const ok = screen.getByRole('button', { name: /Save/ });
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    answer();
    expect(await screen.findByText('Closed')).toBeTruthy();
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('shows a refusal under its field and stays open', async () => {
    const save = vi.fn().mockRejectedValue(fieldRefusal('name', 'This name is taken.', 409));
    await renderInShell(<Dialog save={save} />);
    await screen.findByDisplayValue('Night shift');
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('This name is taken.')).toBeTruthy();
    expect(screen.queryByText('Closed')).toBeNull();
  });
});
