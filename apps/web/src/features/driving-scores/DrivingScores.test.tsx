import type { DrivingScorePage, OperatorScore } from '@fleetlens/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { withMockedCalls } from '../../test/mocks';
import { renderInShell } from '../../test/render';
import { filtersOfAddress } from '../events/EventsPage';
import { fetchOperatorScore, fetchScores } from './api';
import { OperatorScorePage } from './OperatorScorePage';
import { MonthlyScoresPage } from './screens';

vi.mock('./api', (original) => withMockedCalls(original, ['fetchScores', 'fetchOperatorScore']));
// The company picker reads the companies; these tests see one.
vi.mock('../customers/CustomerFilter', () => ({ CustomerFilter: () => null }));
// The company's score settings have their own test (ScoreSettingsPanel.test.tsx).
vi.mock('./ScoreSettingsPanel', () => ({ ScoreSettingsPanel: () => null }));
// Canvas charts do not draw in happy-dom.
vi.mock('./ScoreTrend', () => ({ default: () => <div data-testid="score-trend" /> }));

const figures = {
  driving_seconds: 7200,
  events: { Impact: 1, SuddenAcceleration: 1 },
  event_count: 2,
  weighted_events: 13,
  per_hour: 6.5,
  score: 35,
};
const page: DrivingScorePage = {
  list: [
    { id: 'o1', kind: 'operator', name: 'Score Ann', customer: { id: 'c1', name: 'Harbor' }, ...figures },
    {
      id: 'o2',
      kind: 'operator',
      name: 'Score Cat',
      customer: { id: 'c1', name: 'Harbor' },
      ...figures,
      driving_seconds: 1800,
      score: null,
    },
  ],
  total: 2,
  page: 1,
  perPage: 20,
  start: '2026-10-01T00:00:00.000Z',
  end: '2026-11-01T00:00:00.000Z',
  median: 35,
};

const renderList = (path: string) =>
  renderInShell(<MonthlyScoresPage />, { route: '/driving-score/monthly', path });

describe('the monthly scores', () => {
  beforeEach(() => vi.mocked(fetchScores).mockReset().mockResolvedValue(page));

  it("asks for the address's month, worst first, and links each operator to their score", async () => {
    await renderList('/driving-score/monthly?period=2026-10');
    expect(await screen.findByText('Monthly driving scores: 2026-10')).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Score Ann' });
    expect(link.getAttribute('href')).toBe('/driving-score/monthly/operator/o1?period=2026-10');
    expect(vi.mocked(fetchScores).mock.calls[0]?.[0]).toMatchObject({
      timing: 'monthly',
      period: '2026-10',
      subject: 'operator',
      order_by: 'score',
      order: 'asc',
    });
    expect(screen.getByText('2:00:00')).toBeTruthy();
    // Too little driving: no score, said so.
    const cat = screen.getByRole('row', { name: /Score Cat/ });
    expect(within(cat).getByText('—')).toBeTruthy();
  });

  it('asks for a manual range and a vehicle group by the address', async () => {
    await renderList('/driving-score/monthly?start=2026-10-01&end=2026-10-10&subject=vehicleGroup');
    expect(await screen.findByText('Driving scores: 2026-10-01 – 2026-10-10')).toBeTruthy();
    await screen.findByText('Score Ann');
    expect(vi.mocked(fetchScores).mock.calls[0]?.[0]).toMatchObject({
      timing: 'manual',
      start: '2026-10-01',
      end: '2026-10-10',
      subject: 'vehicleGroup',
    });
  });

  it('says what to select when nothing is, and what is wrong with a range, without asking the server', async () => {
    await renderList('/driving-score/monthly?subject=');
    expect(
      await screen.findByText('Select an operator, vehicle, vehicle group or operator group.'),
    ).toBeTruthy();
    await renderList('/driving-score/monthly?start=2026-10-10&end=2026-10-01');
    expect(await screen.findByText('The last day of the range cannot be before its first day.')).toBeTruthy();
    expect(fetchScores).not.toHaveBeenCalled();
  });

  it('publishes the formula from the constants the server computes with', async () => {
    await renderList('/driving-score/monthly');
    fireEvent.click(await screen.findByText('How the score is computed'));
    const formula = await screen.findByTestId('score-formula');
    expect(formula.textContent).toContain('Score = 100 − 10 × (weighted events per driving hour)');
    expect(formula.textContent).toContain('Under 1 hour of driving');
    expect(within(formula).getByRole('row', { name: 'Impact 10' })).toBeTruthy();
  });
});

const operatorScore: OperatorScore = {
  operator: { id: 'o1', name: 'Score Ann', customer: { id: 'c1', name: 'Harbor' } },
  timing: 'monthly',
  start: '2026-10-01T00:00:00.000Z',
  end: '2026-11-01T00:00:00.000Z',
  figures,
  fleet: { median: 67.5, scored: 2, operators: 3 },
  breakdown: [
    { type: 'Impact', count: 1, weight: 10, deduction: 50 },
    { type: 'SuddenAcceleration', count: 1, weight: 3, deduction: 15 },
  ],
  trend: [{ day: '2026-10-01', score: 35, median: 67.5, driving_seconds: 7200, event_count: 2 }],
  events: [
    {
      id: 'e2',
      time: '2026-10-05T09:00:00.000Z',
      type: 'SuddenAcceleration',
      vehicle: { id: 'v1', name: 'Score Reach 1' },
      review_state: 'needs-review',
    },
    {
      id: 'e1',
      time: '2026-10-05T08:30:00.000Z',
      type: 'Impact',
      vehicle: { id: 'v1', name: 'Score Reach 1' },
      review_state: 'coached',
    },
  ],
};

describe("an operator's score", () => {
  it('shows the score beside the fleet median, the trend, the breakdown and the events behind it', async () => {
    vi.mocked(fetchOperatorScore).mockResolvedValue(operatorScore);
    await renderInShell(<OperatorScorePage />, {
      route: '/driving-score/:timing/operator/:id',
      path: '/driving-score/monthly/operator/o1?period=2026-10',
    });
    expect(await screen.findByText('Driving score of Score Ann: 2026-10')).toBeTruthy();
    expect(fetchOperatorScore).toHaveBeenCalledWith(
      'o1',
      expect.objectContaining({ timing: 'monthly', period: '2026-10' }),
    );
    const figuresGroup = screen.getByRole('group', { name: 'The score of the period' });
    expect(within(figuresGroup).getByText('35')).toBeTruthy();
    // The statistic splits its decimals off.
    expect(figuresGroup.textContent).toContain('Fleet median (2 of 3 operators scored)67.5');
    expect(await screen.findByTestId('score-trend')).toBeTruthy();
    const breakdown = screen.getByRole('region', { name: 'Breakdown per behaviour' });
    expect(within(breakdown).getByRole('row', { name: 'Impact 1 10 50' })).toBeTruthy();
    const events = screen.getByRole('region', { name: 'The events behind the score' });
    expect(
      within(events)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href') ?? '')
        .filter((href) => href.endsWith('/event-detail')),
    ).toEqual(['/event-summary/e2/event-detail', '/event-summary/e1/event-detail']);
    const list = screen.getByRole('link', { name: 'Open them in the event list' });
    expect(list.getAttribute('href')).toContain('/event-summary?operator_id=o1');
    expect(list.getAttribute('href')).toContain('excluded=false');
    // The types the score weighs, as its breakdown lists them (a zone breach too, where counted).
    expect(list.getAttribute('href')).toContain('type=Impact%2CSuddenAcceleration&');
  });

  it("answers another company's or a deleted operator as not found, with a way back", async () => {
    vi.mocked(fetchOperatorScore).mockRejectedValue(new ApiError('Not found', 404, 40400, null));
    await renderInShell(<OperatorScorePage />, {
      route: '/driving-score/:timing/operator/:id',
      path: '/driving-score/weekly/operator/o9',
    });
    expect(await screen.findByRole('button', { name: 'Back' })).toBeTruthy();
    expect(fetchOperatorScore).toHaveBeenCalledWith('o9', expect.objectContaining({ timing: 'weekly' }));
  });

  it('links into an event list that reads those filters from its address, dropping what it would refuse', () => {
    const search = new URLSearchParams(
      'operator_id=7d0f5b58-7b6e-4c1e-9a51-2f7f1b7c1a11&type=Impact,SuddenTurn&excluded=false&tag=nonsense&page=9',
    );
    expect(filtersOfAddress(search)).toEqual({
      operator_id: '7d0f5b58-7b6e-4c1e-9a51-2f7f1b7c1a11',
      type: 'Impact,SuddenTurn',
      excluded: 'false',
    });
  });
});
