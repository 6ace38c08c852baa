import { fireEvent, screen } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { renderInShell } from '../../test/render';
import { useFormSave } from './useFormSave';

/** A form with one field; its save is refused for that field and for one the form lacks. */
function RefusedForm() {
  const [form] = Form.useForm();
  const save = useFormSave({
    form,
    invalidate: ['things'],
    save: async () => {
      throw new ApiError('Some fields are not valid.', 400, 40000, {
        fields: [
          { field: 'name', message: 'This name is taken.' },
          { field: 'sim_id', message: 'This SIM is fitted in another device.' },
        ],
      });
    },
  });
  return (
    <Form form={form} onFinish={(values) => save.mutate(values)}>
      <Form.Item name="name" label="Name">
        <Input />
      </Form.Item>
      <Button htmlType="submit">Save</Button>
    </Form>
  );
}

describe('useFormSave', () => {
  it('shows a refusal under its field, and one for a field the screen lacks in a notice', async () => {
    await renderInShell(<RefusedForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This name is taken.')).toBeTruthy();
    expect(await screen.findByText('This SIM is fitted in another device.')).toBeTruthy();
  });
});
