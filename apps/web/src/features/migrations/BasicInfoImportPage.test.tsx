// The basic info import screen with its fourth file: the three required files alone may be
// uploaded, the account file is optional and, once chosen, sent with them and told to get no
// password; its mapping is offered and confirmed like the others', and its bad lines are listed
// under its own name with the server's reasons.
import type { MigrationImport } from '@fleetlens/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { HARBOR_ID } from '../../test/companies';
import { withMockedCalls } from '../../test/mocks';
import { renderInShell } from '../../test/render';
import { fetchImport, startImport, uploadImportFiles } from './api';
import { BasicInfoImportPage } from './BasicInfoImportPage';

vi.mock('./api', (original) =>
  withMockedCalls(original, ['uploadImportFiles', 'startImport', 'fetchImport']),
);
const CUSTOMER = HARBOR_ID;
vi.mock('../customers/api', () => import('../../test/companies'));

const t = (key: string, params: Record<string, unknown> = {}) => i18n.t(`migrations:${key}`, params);
const csv = (name: string) => new File(['a,b\n1,2\n'], name, { type: 'text/csv' });
const ACCOUNT_HEADERS = ['Login ID', 'First name', 'Last name', 'E-mail', 'Role'];

const uploaded = (kinds: MigrationImport['files'][number]['kind'][]): MigrationImport => ({
  id: 'imp-1',
  customer: { id: CUSTOMER, name: 'Harbor Logistics' },
  status: 'idle',
  dry_run: false,
  files: kinds.map((kind) => ({
    kind,
    name: `${kind}s.csv`,
    headers: kind === 'account' ? ACCOUNT_HEADERS : ['name'],
    encoding: 'utf-8',
    delimiter: ',',
    mapping: (kind === 'account'
      ? { username: 'Login ID', first_name: 'First name', last_name: 'Last name', email: 'E-mail' }
      : {}) as Record<string, string>,
  })),
  total: 0,
  success: 0,
  failure: 0,
  progress: 0,
  issues: [],
  message: null,
  restored_at: null,
  executor: { id: 'u-1', name: 'Demo User' },
  created_at: '2026-12-07T10:00:00.000Z',
  updated_at: '2026-12-07T10:00:00.000Z',
});

/** Picks `file` for the upload of `kind`: the inputs come in the order of the kinds. */
function choose(kind: number, file: File) {
  const inputs = document.querySelectorAll('input[type="file"]');
  fireEvent.change(inputs[kind] as HTMLInputElement, { target: { files: [file] } });
}
const uploadButton = () => screen.getByRole('button', { name: t('upload') }) as HTMLButtonElement;

describe('the basic info import screen', () => {
  beforeEach(() => {
    vi.mocked(uploadImportFiles).mockReset();
    vi.mocked(startImport).mockReset();
    vi.mocked(fetchImport).mockReset();
  });

  it('uploads without the account file, which is marked optional', async () => {
    vi.mocked(uploadImportFiles).mockResolvedValue(uploaded(['vehicle', 'operator', 'device']));
    await renderInShell(<BasicInfoImportPage />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: t('customer') }));
    fireEvent.click(await screen.findByTitle('Harbor Logistics'));
    expect(screen.getByText(t('chooseFile', { file: t('files.account') }))).toBeTruthy();
    expect(screen.getByText(t('optional'))).toBeTruthy();
    choose(0, csv('vehicles.csv'));
    choose(1, csv('operators.csv'));
    expect(uploadButton().disabled).toBe(true);
    choose(2, csv('devices.csv'));
    await waitFor(() => expect(uploadButton().disabled).toBe(false));
    expect(screen.queryByText(t('accountsHint'))).toBeNull();
    fireEvent.click(uploadButton());
    await waitFor(() => expect(uploadImportFiles).toHaveBeenCalledTimes(1));
    expect(Object.keys(vi.mocked(uploadImportFiles).mock.calls[0]?.[1] ?? {}).sort()).toEqual([
      'device',
      'operator',
      'vehicle',
    ]);
  });

  it('sends the account file, offers its mapping, starts with it and lists its bad lines', async () => {
    vi.mocked(uploadImportFiles).mockResolvedValue(uploaded(['vehicle', 'operator', 'device', 'account']));
    const checked: MigrationImport = {
      ...uploaded(['vehicle', 'operator', 'device', 'account']),
      status: 'error',
      dry_run: true,
      total: 5,
      success: 4,
      failure: 1,
      message: 'validation.importNothingWritten',
      issues: [
        {
          file: 'account',
          line: 3,
          column: 'role',
          value: 'Other Company Role',
          key: 'importRoleUnknown',
          params: {},
          reason: i18n.t('validation:importRoleUnknown'),
        },
      ],
    };
    vi.mocked(startImport).mockResolvedValue(checked);
    vi.mocked(fetchImport).mockResolvedValue(checked);
    await renderInShell(<BasicInfoImportPage />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: t('customer') }));
    fireEvent.click(await screen.findByTitle('Harbor Logistics'));
    for (const [i, name] of ['vehicles.csv', 'operators.csv', 'devices.csv', 'accounts.csv'].entries())
      choose(i, csv(name));
    expect(await screen.findByText(t('accountsHint'))).toBeTruthy();
    expect(screen.getByTestId('chosen-account').textContent).toBe('accounts.csv');
    fireEvent.click(uploadButton());
    await waitFor(() => expect(uploadImportFiles).toHaveBeenCalledTimes(1));
    const sent = vi.mocked(uploadImportFiles).mock.calls[0]?.[1] ?? {};
    expect(sent.account?.name).toBe('accounts.csv');

    // The account file's mapping, as the server suggested it, field by field.
    const caption = await screen.findByText(
      t('mappingOf', { file: t('files.account'), name: 'accounts.csv', encoding: 'utf-8' }),
    );
    const table = caption.closest('table') as HTMLElement;
    expect(within(table).getByText('username *')).toBeTruthy();
    expect(within(table).getByText('role')).toBeTruthy();
    expect(within(table).getByText('Login ID')).toBeTruthy();
    // The role column is chosen by hand: the start carries it with the suggested ones.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: `${t('files.account')} role` }));
    fireEvent.click(await screen.findByTitle('Role'));
    fireEvent.click(screen.getByRole('button', { name: t('check') }));
    await waitFor(() => expect(startImport).toHaveBeenCalledTimes(1));
    expect(vi.mocked(startImport).mock.calls[0]).toEqual([
      'imp-1',
      {
        dry_run: true,
        mappings: expect.objectContaining({
          account: {
            username: 'Login ID',
            first_name: 'First name',
            last_name: 'Last name',
            email: 'E-mail',
            role: 'Role',
          },
        }),
      },
    ]);
    const result = await screen.findByTestId('import-result');
    expect(within(result).getByText(t('files.account'))).toBeTruthy();
    expect(within(result).getByText('Other Company Role')).toBeTruthy();
    expect(within(result).getByText('The company has no role of this name.')).toBeTruthy();
  });

  it('names the account file in the language of the console', async () => {
    await renderInShell(<BasicInfoImportPage />, { language: 'ja' });
    expect(screen.getByText('アカウントファイルを選択')).toBeTruthy();
    expect(screen.getByText('（任意）')).toBeTruthy();
  });
});
