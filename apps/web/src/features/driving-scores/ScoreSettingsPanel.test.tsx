// The company's score settings beside its scores: whether its zone breaches count, off until
// switched on; a switch saves the choice and reads the scores again; a user without the score edit
// privilege sees the setting but cannot change it; staff who see several companies pick one first.
// The published formula lists the zone breach as an event a company may choose to count.
import type { ScoreSettings } from '@fleetlens/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { withMockedCalls } from '../../test/mocks';
import { demoProfile, renderInShell } from '../../test/render';
import { useCompanies } from '../customers/api';
import { fetchScoreSettings, saveScoreSettings } from './api';
import { ScoreFormula } from './ScoreFormula';
import { ScoreSettingsPanel } from './ScoreSettingsPanel';

vi.mock('./api', (original) => withMockedCalls(original, ['fetchScoreSettings', 'saveScoreSettings']));
vi.mock('../../api/platform', (original) => withMockedCalls(original, ['fetchMy']));
vi.mock('../customers/api', () => ({ useCompanies: vi.fn() }));

const HARBOR = '00000000-0000-4000-8000-0000000000c1';
const settings = (on: boolean): ScoreSettings => ({
  customer_id: HARBOR,
  count_zone_breaches: on,
  is_default: !on,
});
const toggle = () => screen.getByRole('switch', { name: i18n.t('driving-scores:settings.zoneBreaches') });

beforeEach(async () => {
  const platform = await import('../../api/platform');
  vi.mocked(platform.fetchMy).mockResolvedValue({ user: { customer: { id: HARBOR } } } as never);
  vi.mocked(useCompanies).mockReturnValue({ list: [], options: [] });
  vi.mocked(fetchScoreSettings).mockReset().mockResolvedValue(settings(false));
  vi.mocked(saveScoreSettings)
    .mockReset()
    .mockImplementation(async (_, body) => settings(body.count_zone_breaches));
});

describe('the score settings', () => {
  it("show the user's company's choice, off by default, and save it switched on", async () => {
    await renderInShell(<ScoreSettingsPanel />, {
      profile: demoProfile({ sys_role: 'user', privileges: ['op_score:view', 'op_score:edit'] }),
    });
    await waitFor(() => expect(toggle().hasAttribute('disabled')).toBe(false));
    expect(fetchScoreSettings).toHaveBeenCalledWith(HARBOR);
    expect(toggle().getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle());
    await waitFor(() =>
      expect(saveScoreSettings).toHaveBeenCalledWith(HARBOR, { count_zone_breaches: true }),
    );
    expect(await screen.findByText(i18n.t('driving-scores:settings.saved'))).toBeTruthy();
  });

  it('cannot be changed without the score edit privilege', async () => {
    vi.mocked(fetchScoreSettings).mockResolvedValue(settings(true));
    await renderInShell(<ScoreSettingsPanel />, {
      profile: demoProfile({ sys_role: 'user', privileges: ['op_score:view'] }),
    });
    await waitFor(() => expect(toggle().getAttribute('aria-checked')).toBe('true'));
    expect(toggle().hasAttribute('disabled')).toBe(true);
  });

  it('asks staff who see several companies for the company first', async () => {
    vi.mocked(useCompanies).mockReturnValue({
      list: [
        { id: HARBOR, name: 'Harbor' },
        { id: 'c2', name: 'Other' },
      ] as never,
      options: [
        { value: HARBOR, label: 'Harbor' },
        { value: 'c2', label: 'Other' },
      ],
    });
    await renderInShell(<ScoreSettingsPanel />);
    expect(toggle().hasAttribute('disabled')).toBe(true);
    expect(fetchScoreSettings).not.toHaveBeenCalled();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: i18n.t('driving-scores:settings.company') }));
    fireEvent.click(await screen.findByTitle('Harbor'));
    await waitFor(() => expect(fetchScoreSettings).toHaveBeenCalledWith(HARBOR));
    await waitFor(() => expect(toggle().hasAttribute('disabled')).toBe(false));
  });

  it('are written in each language', async () => {
    await renderInShell(<ScoreSettingsPanel />, { language: 'my' });
    const panel = await screen.findByTestId('score-settings');
    expect(panel.textContent).toContain(i18n.getFixedT('my', 'driving-scores')('settings.zoneBreaches'));
    expect(panel.textContent).toMatch(/[\u1000-\u109f]/);
  });
});

describe('the published formula', () => {
  it('lists the zone breach as an event a company may choose to count', async () => {
    await renderInShell(<ScoreFormula />);
    fireEvent.click(screen.getByText(i18n.t('driving-scores:formula.title')));
    const formula = await screen.findByTestId('score-formula');
    const row = within(formula).getByText('Zone breach (only where the company counts them)').closest('tr');
    expect(row?.textContent).toContain('4');
  });
});
