import type { FormInstance } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './client';
import { showFieldErrors } from './formErrors';

const formWith = () => {
  const setFields = vi.fn();
  return { form: { setFields } as unknown as FormInstance, setFields };
};

describe('showFieldErrors', () => {
  it("puts each server message under its field, list items under the list's field", () => {
    const { form, setFields } = formWith();
    const error = new ApiError('Some fields are not valid.', 400, 40000, {
      fields: [
        { field: 'stk_user', message: 'STK user is already in use.' },
        { field: 'functions.0', message: 'Choose one of the offered values.' },
        { field: 'functions.2', message: 'Choose one of the offered values.' },
      ],
    });
    expect(showFieldErrors(form, error)).toBe(true);
    expect(setFields).toHaveBeenCalledWith([
      { name: 'stk_user', errors: ['STK user is already in use.'] },
      {
        name: 'functions',
        errors: ['Choose one of the offered values.', 'Choose one of the offered values.'],
      },
    ]);
  });

  it('renames fields the form calls differently', () => {
    const { form, setFields } = formWith();
    const error = new ApiError('x', 400, 40000, {
      fields: [{ field: 'live_remaining_seconds', message: 'Too much.' }],
    });
    showFieldErrors(form, error, (field) => (field === 'live_remaining_seconds' ? 'remaining' : field));
    expect(setFields).toHaveBeenCalledWith([{ name: 'remaining', errors: ['Too much.'] }]);
  });

  it('leaves the form alone for errors without fields', () => {
    const { form, setFields } = formWith();
    expect(showFieldErrors(form, new ApiError('Forbidden', 403, 40300, { message: 'no' }))).toBe(false);
    expect(showFieldErrors(form, new Error('network'))).toBe(false);
    expect(setFields).not.toHaveBeenCalled();
  });
});
