// The driving score calls (server modules/driving-scores) and their query keys: the scores of a
// period per subject, paged like every list, and one operator's score.
import type {
  DrivingScorePage,
  DrivingScoreQuery,
  drivingScoreListQuerySchema,
  ListParamsOf,
  OperatorScore,
} from '@fleetlens/contracts';
import { api } from '../../api/client';
import { type ListFetchOptions, listQuery } from '../../api/listQuery';

export type ScoreListParams = ListParamsOf<typeof drivingScoreListQuerySchema>;

export const scoreKeys = {
  all: ['driving-scores'] as const,
  list: (params: ScoreListParams) => ['driving-scores', 'list', params] as const,
  operator: (id: string, query: DrivingScoreQuery) => ['driving-scores', 'operator', id, query] as const,
};

export const fetchScores = (params: ScoreListParams, options?: ListFetchOptions) =>
  api.get<DrivingScorePage>('/driving-scores', { ...options, query: listQuery(params) });

export const fetchOperatorScore = (id: string, query: DrivingScoreQuery) =>
  api.get<OperatorScore>(`/driving-scores/operators/${encodeURIComponent(id)}`, {
    query: { ...query },
    quiet: true,
  });
