// The RFID card calls (server modules/rfids) and their query keys.
import type {
  ListParamsOf,
  Rfid,
  RfidCreateBody,
  RfidHistoryRow,
  RfidUpdateBody,
  rfidListQuerySchema,
} from '@fleetlens/contracts';
import { api } from '../../api/client';
import { listFetch } from '../../api/listQuery';

export type RfidListParams = ListParamsOf<typeof rfidListQuerySchema>;

const path = (id: string, rest = '') => `/rfids/${encodeURIComponent(id)}${rest}`;

export const rfidKeys = {
  all: ['rfids'] as const,
  list: (params: RfidListParams) => ['rfids', 'list', params] as const,
  one: (id: string) => ['rfids', 'one', id] as const,
  history: (id: string) => ['rfids', 'history', id] as const,
};

export const fetchRfids = listFetch<Rfid, RfidListParams>('/rfids');
export const fetchRfid = (id: string) => api.get<Rfid>(path(id));
export const fetchRfidHistory = (id: string) => api.get<RfidHistoryRow[]>(path(id, '/history'));
export const createRfid = (body: RfidCreateBody) => api.post<Rfid>('/rfids', body);
export const updateRfid = (id: string, body: RfidUpdateBody) => api.put<Rfid>(path(id), body);
export const deleteRfid = (id: string) => api.delete<{ id: string }>(path(id));
export const assignRfid = (id: string, operatorId: string) =>
  api.post<Rfid>(path(id, '/assignment'), { operator_id: operatorId });
export const removeRfid = (id: string) => api.delete<Rfid>(path(id, '/assignment'));
