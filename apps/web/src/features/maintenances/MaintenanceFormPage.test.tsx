// The plan form holds the warning to the contracts' own rule (warningBeforeCycle, which the body
// schema refines with): a warning as long as its cycle is refused under Warning time with the
// message the server answers, and nothing is sent; every required value asks with its own words,
// in each of the four languages.
import { maintenanceBodySchema, warningBeforeCycle } from '@fleetlens/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n, type Language } from '../../app/i18n';
import { renderInShell } from '../../test/render';
import { maintenances } from './api';
import { MaintenanceFormPage } from './MaintenanceFormPage';

vi.mock('./api', async (original) => {
  const api = (await original()) as typeof import('./api');
  return {
    ...api,
    maintenances: { ...api.maintenances, create: vi.fn() },
    useMaintenanceItemOptions: () => [{ value: '00000000-0000-4000-8000-000000000001', label: 'Oil change' }],
  };
});
vi.mock('../customers/api', () => ({ useCompanies: () => ({ list: [], options: [] }) }));

const open = (language: Language = 'en') =>
  renderInShell(<MaintenanceFormPage />, { route: '/maintenances/new', path: '/maintenances/new', language });

describe('the maintenance plan form', () => {
  it('refuses a warning as long as the cycle with the body schema’s own message', async () => {
    const issue = maintenanceBodySchema
      .safeParse({
        customer_id: '00000000-0000-4000-8000-000000000002',
        item_id: '00000000-0000-4000-8000-000000000001',
        cycle_unit: 'operating_hours',
        cycle_value: 500,
        warning_time: 500,
        warning_type: 'operating_hours',
      })
      .error?.issues.find((i) => i.path[0] === warningBeforeCycle.field);
    expect(issue?.message).toBe(`validation.${warningBeforeCycle.message.key}`);

    await open();
    const [cycle, warning] = await screen.findAllByRole('spinbutton');
    fireEvent.change(cycle as HTMLElement, { target: { value: '500' } });
    fireEvent.change(warning as HTMLElement, { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText(i18n.t(`validation:${warningBeforeCycle.message.key}`))).toBeTruthy();
    expect(maintenances.create).not.toHaveBeenCalled();
  });

  it('offers the cycle, the warning and a calendar cycle beside them, each a unit and a number', async () => {
    await open();
    expect(await screen.findByText(i18n.t('maintenances:calendarHint'))).toBeTruthy();
    expect(screen.getAllByRole('spinbutton')).toHaveLength(3);
    expect(screen.getAllByRole('combobox').length).toBeGreaterThanOrEqual(3);
  });

  it('asks for each required value in its own words', async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: /Save/ }));
    for (const key of ['maintenanceTypeRequired', 'cycleValueRequired', 'warningTimeRequired'])
      expect(await screen.findByText(i18n.t(`validation:${key}`))).toBeTruthy();
    await waitFor(() => expect(maintenances.create).not.toHaveBeenCalled());
  });

  it.each(['ja', 'zh', 'my'] as const)('asks in %s, in that language’s words', async (lang) => {
    await open(lang);
    const english = i18n.getFixedT('en', 'validation')('warningTimeRequired');
    // antd spaces a two-character CJK label ("保 存").
    const save = new RegExp([...i18n.t('form.save')].join('\\s*'));
    fireEvent.click(await screen.findByRole('button', { name: save }));
    const text = i18n.t('validation:warningTimeRequired');
    expect(text).not.toBe(english);
    expect(await screen.findByText(text)).toBeTruthy();
  });
});
