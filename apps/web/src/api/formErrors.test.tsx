import { render } from '@testing-library/react';
import { Form, type FormInstance, Input, Select } from 'antd';
import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { pathOf, showFieldErrors } from './formErrors';

/** A real antd form with the fields a screen would show: a text, a multi picker, nested memos. */
function Fields({ onForm }: { onForm: (form: FormInstance) => void }) {
  const [form] = Form.useForm();
  onForm(form);
  return (
    <Form form={form}>
      <Form.Item name="stk_user" label="STK user">
        <Input />
      </Form.Item>
      <Form.Item name="remaining" label="Remaining">
        <Input />
      </Form.Item>
      <Form.Item name="functions" label="Functions">
        <Select mode="multiple" options={[]} />
      </Form.Item>
      <Form.List name="memos">
        {() =>
          [0, 1].map((i) => (
            <Form.Item key={i} name={[i, 'text']} label={`Memo ${i + 1}`}>
              <Input />
            </Form.Item>
          ))
        }
      </Form.List>
    </Form>
  );
}

function renderForm(): FormInstance {
  let instance: FormInstance | undefined;
  render(
    <Fields
      onForm={(form) => {
        instance = form;
      }}
    />,
  );
  if (!instance) throw new Error('form not rendered');
  return instance;
}

const refusal = (fields: { field: string; message: string }[]) =>
  new ApiError('Some fields are not valid.', 400, 40000, { fields });

describe('showFieldErrors', () => {
  it('names a nested server field by its path', () => {
    expect(pathOf('memos.0.text')).toEqual(['memos', 0, 'text']);
    expect(pathOf('stk_user')).toEqual(['stk_user']);
  });

  it('puts a nested field message under the nested field, not its list', () => {
    const form = renderForm();
    const unplaced = showFieldErrors(
      form,
      refusal([
        { field: 'memos.1.text', message: 'Memo is too long.' },
        { field: 'stk_user', message: 'STK user is already in use.' },
      ]),
    );
    expect(unplaced).toEqual([]);
    expect(form.getFieldError(['memos', 1, 'text'])).toEqual(['Memo is too long.']);
    expect(form.getFieldError(['memos', 0, 'text'])).toEqual([]);
    expect(form.getFieldError('stk_user')).toEqual(['STK user is already in use.']);
  });

  it("puts a list item's messages under the list's field when the item has no field of its own", () => {
    const form = renderForm();
    showFieldErrors(
      form,
      refusal([
        { field: 'functions.0', message: 'Choose one of the offered values.' },
        { field: 'functions.2', message: 'Choose one of the offered values.' },
      ]),
    );
    expect(form.getFieldError('functions')).toEqual([
      'Choose one of the offered values.',
      'Choose one of the offered values.',
    ]);
  });

  it('renames fields the form calls differently', () => {
    const form = renderForm();
    showFieldErrors(form, refusal([{ field: 'live_remaining_seconds', message: 'Too much.' }]), (field) =>
      field === 'live_remaining_seconds' ? 'remaining' : field,
    );
    expect(form.getFieldError('remaining')).toEqual(['Too much.']);
  });

  it('hands back the messages of fields the form does not show', () => {
    const form = renderForm();
    const unplaced = showFieldErrors(
      form,
      refusal([
        { field: 'sim_id', message: 'SIM is fitted elsewhere.' },
        // The list has no fifth memo, and its own errors would show nowhere.
        { field: 'memos.4.text', message: 'Memo is too long.' },
      ]),
    );
    expect(unplaced).toEqual(['SIM is fitted elsewhere.', 'Memo is too long.']);
    expect(form.getFieldError('memos')).toEqual([]);
  });

  it('leaves the form alone for errors without fields', () => {
    const form = renderForm();
    expect(showFieldErrors(form, new ApiError('Forbidden', 403, 40300, { message: 'no' }))).toEqual([]);
    expect(showFieldErrors(form, new Error('network'))).toEqual([]);
    expect(form.getFieldsError().flatMap((f) => f.errors)).toEqual([]);
  });
});
