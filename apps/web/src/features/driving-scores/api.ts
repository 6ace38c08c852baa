// The driving score calls (server modules/driving-scores) and their query keys: the scores of a
// period per subject, paged like every list, one operator's score, and a company's score settings.
import type {
  DrivingScorePage,
  DrivingScoreQuery,
  drivingScoreListQuerySchema,
  ListParamsOf,
  OperatorScore,
  ScoreSettings,
  ScoreSettingsBody,
} from '@fleetlens/contracts';
import { api } from '../../api/client';
import { type ListFetchOptions, listQuery } from '../../api/listQuery';

export type ScoreListParams = ListParamsOf<typeof drivingScoreListQuerySchema>;

export const scoreKeys = {
  all: ['driving-scores'] as const,
  list: (params: ScoreListParams) => ['driving-scores', 'list', params] as const,
  operator: (id: string, query: DrivingScoreQuery) => ['driving-scores', 'operator', id, query] as const,
  settings: (customerId: string) => ['driving-scores', 'settings', customerId] as const,
};

export const fetchScores = (params: ScoreListParams, options?: ListFetchOptions) =>
  api.get<DrivingScorePage>('/driving-scores', { ...options, query: listQuery(params) });

export const fetchOperatorScore = (id: string, query: DrivingScoreQuery) =>
  api.get<OperatorScore>(`/driving-scores/operators/${encodeURIComponent(id)}`, {
    query: { ...query },
    quiet: true,
  });

const settingsPath = (customerId: string) => `/driving-scores/settings/${encodeURIComponent(customerId)}`;

export const fetchScoreSettings = (customerId: string) =>
  api.get<ScoreSettings>(settingsPath(customerId), { quiet: true });

export const saveScoreSettings = (customerId: string, body: ScoreSettingsBody) =>
  api.put<ScoreSettings>(settingsPath(customerId), body);
