import { fireEvent, screen } from '@testing-library/react';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../test/render';
import { MeasureItem } from './MeasureInput';

describe('a size, weight or capacity field', () => {
  it('refuses a negative with the contracts message instead of saving it as 0', async () => {
    const onFinish = vi.fn();
    await renderInShell(
      <Form onFinish={onFinish}>
        <MeasureItem name="weight_kg" label="Weight" />
        <Button htmlType="submit">Save</Button>
      </Form>,
    );
    const input = screen.getByLabelText('Weight');
    fireEvent.change(input, { target: { value: '-5' } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter 0 or more; this cannot be negative.')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
    expect((input as HTMLInputElement).value).toBe('-5');

    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ weight_kg: 12 }));
  });
});
