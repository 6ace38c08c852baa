// The RFID card calls (server modules/rfids) and their query keys.
import type { Rfid, RfidCreateBody, RfidHistoryRow, RfidStatus, RfidUpdateBody } from '@fleetlens/contracts';
import { api } from '../../api/client';
import { type ListAnswer, type ListParams, listQuery } from '../../api/listQuery';

export type RfidListParams = ListParams & { customerId?: string; status?: RfidStatus };

const path = (id: string, rest = '') => `/rfids/${encodeURIComponent(id)}${rest}`;

export const rfidKeys = {
  all: ['rfids'] as const,
  list: (params: RfidListParams) => ['rfids', 'list', params] as const,
  one: (id: string) => ['rfids', 'one', id] as const,
  history: (id: string) => ['rfids', 'history', id] as const,
};

export const fetchRfids = (params: RfidListParams) =>
  api.get<ListAnswer<Rfid>>('/rfids', {
    query: { ...listQuery(params), customer_id: params.customerId, status: params.status },
  });
export const fetchRfid = (id: string) => api.get<Rfid>(path(id));
export const fetchRfidHistory = (id: string) => api.get<RfidHistoryRow[]>(path(id, '/history'));
export const createRfid = (body: RfidCreateBody) => api.post<Rfid>('/rfids', body);
export const updateRfid = (id: string, body: RfidUpdateBody) => api.put<Rfid>(path(id), body);
export const deleteRfid = (id: string) => api.delete<{ id: string }>(path(id));
export const assignRfid = (id: string, operatorId: string) =>
  api.post<Rfid>(path(id, '/assignment'), { operator_id: operatorId });
export const removeRfid = (id: string) => api.delete<Rfid>(path(id, '/assignment'));
