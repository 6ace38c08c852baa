// The dashboard's calls (server modules/charts) and their query keys. A chart's figures are
// keyed under its id, so a saved chart or a live push refetches exactly the charts concerned.
import type {
  Chart,
  ChartBody,
  ChartData,
  ChartList,
  ChartOrderBody,
  ChartPeriodBody,
} from '@fleetlens/contracts';
import { api } from '../../api/client';
import { resourceApi } from '../../api/resource';
import { browserTimesetting } from '../drive-summary/format';

export const charts = resourceApi<Chart, never, ChartBody, ChartBody>('/charts');

export const chartKeys = {
  all: ['charts'] as const,
  dashboard: ['charts', 'dashboard'] as const,
  data: (id: string) => ['charts', 'data', id] as const,
};

export const fetchDashboard = () => api.get<ChartList>('/charts');
export const fetchChartData = (id: string) =>
  api.get<ChartData>(charts.path(id, '/data'), { query: { timesetting: browserTimesetting() }, quiet: true });
export const { create: createChart, update: updateChart, remove: removeChart } = charts;
export const setDashboardPeriod = (body: ChartPeriodBody) =>
  api.put<{ changed: number }>('/charts/period', body);
export const setDashboardOrder = (body: ChartOrderBody) => api.put<ChartList>('/charts/order', body);
