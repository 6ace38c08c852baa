// The driving score screens, loaded together on first use (routes/screens.ts); the operator's
// trend chart loads on its own after that (ScoreTrend), so ECharts never weighs on the lists.
import { createElement } from 'react';
import { screensOf } from '../../routes/screenTypes';
import { OperatorScorePage } from './OperatorScorePage';
import { ScoreListPage } from './ScoreListPage';

export const MonthlyScoresPage = () => createElement(ScoreListPage, { timing: 'monthly' });
export const WeeklyScoresPage = () => createElement(ScoreListPage, { timing: 'weekly' });
export const DailyScoresPage = () => createElement(ScoreListPage, { timing: 'daily' });

/** The screens: each page with the route names that show it. */
export const screens = screensOf(
  [MonthlyScoresPage, 'drivingScoreMonthly'],
  [WeeklyScoresPage, 'drivingScoreWeekly'],
  [DailyScoresPage, 'drivingScoreDaily'],
  [OperatorScorePage, 'drivingScoreOperator'],
);
