// The generic edit page in each of its states: the skeleton while the record loads, the error
// with a Retry that loads it, the server's refusal under its field, one request however often
// Enter is pressed, and a saved form's tab closed on the way back.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { fieldRefusal } from '../../test/refusals';
import { renderInShell } from '../../test/render';
import { TagsProvider, useTags } from '../tags/TagsContext';
import { makeView } from '../tags/tagsStore';
import { EditPage } from './EditPage';

type Thing = { id: string; name: string };
type Values = { name: string };

function ThingForm({ load, save }: { load?: () => Promise<Thing>; save: (v: Values) => Promise<Thing> }) {
  return (
    <EditPage<Values, Thing, Thing>
      load={load && { queryKey: ['things', 't-1'], queryFn: load }}
      toValues={(thing) => ({ name: thing.name })}
      save={save}
      invalidate={['things']}
      back="/things"
    >
      <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Name is required.' }]}>
        <Input />
      </Form.Item>
    </EditPage>
  );
}

/** The open tabs and the address, as the shell would show them. */
function Where() {
  const tags = useTags();
  const { pathname } = useLocation();
  return (
    <>
      <output aria-label="tabs">{tags.state.visited.map((v) => v.path).join(',')}</output>
      <output aria-label="address">{pathname}</output>
    </>
  );
}

const renderForm = (form: React.ReactElement) =>
  renderInShell(
    <TagsProvider
      initial={{
        visited: [makeView({ path: '/things' }), makeView({ path: '/things/t-1/edit' })],
        cached: ['/things', '/things/t-1/edit'],
      }}
    >
      <Routes>
        <Route path="/things/:id/edit" element={form} />
        <Route path="/things" element={<p>The list</p>} />
      </Routes>
      <Where />
    </TagsProvider>,
    { path: '/things/t-1/edit' },
  );

const thing: Thing = { id: 't-1', name: 'Forklift' };

describe('the edit page', () => {
  it('shows a skeleton while the record loads, not an empty form', async () => {
    await renderForm(<ThingForm load={() => new Promise(() => undefined)} save={vi.fn()} />);
    expect(screen.getByRole('status', { busy: true })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('shows a failed load with its error, and Retry loads the record', async () => {
    const load = vi
      .fn<() => Promise<Thing>>()
      .mockRejectedValueOnce(new ApiError('The server is not answering.', 503, 50000, null))
      .mockResolvedValue(thing);
    await renderForm(<ThingForm load={load} save={vi.fn()} />);
    expect(await screen.findByText('The server is not answering.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByDisplayValue('Forklift')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('puts the fields of a refusal (400) under their fields', async () => {
    const save = vi.fn().mockRejectedValue(fieldRefusal('name', 'This name is taken.'));
    await renderForm(<ThingForm load={async () => thing} save={save} />);
    await screen.findByDisplayValue('Forklift');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This name is taken.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('sends one request however often Enter is pressed', async () => {
    let answer: (thing: Thing) => void = () => undefined;
    const save = vi.fn(() => new Promise<Thing>((resolve) => (answer = resolve)));
    await renderForm(<ThingForm load={async () => thing} save={save} />);
    const name = await screen.findByDisplayValue('Forklift');
    const form = name.closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    fireEvent.submit(form);
    fireEvent.submit(form);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(save).toHaveBeenCalledTimes(1);
    answer(thing);
    expect(await screen.findByText('The list')).toBeTruthy();
  });

  it('closes the saved form’s tab and goes back', async () => {
    const save = vi.fn().mockResolvedValue(thing);
    await renderForm(<ThingForm load={async () => thing} save={save} />);
    fireEvent.change(await screen.findByDisplayValue('Forklift'), { target: { value: 'Reach truck' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The list')).toBeTruthy();
    expect(save).toHaveBeenCalledWith({ name: 'Reach truck' });
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/things');
    expect(screen.getByRole('status', { name: 'tabs' }).textContent).toBe('/things');
  });
});
