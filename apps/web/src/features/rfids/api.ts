// The RFID card calls (server modules/rfids) and their query keys.
import { type ResourceListParams, type Rfid, type RfidHistoryRow, rfidResource } from '@fleetlens/contracts';
import { api } from '../../api/client';
import { resourceApi } from '../../api/resource';

export type RfidListParams = ResourceListParams<typeof rfidResource>;

export const rfids = resourceApi(rfidResource);
const { path } = rfids;
export const rfidKeys = { ...rfids.keys, history: (id: string) => [rfids.name, 'history', id] as const };
export const { list: fetchRfids, one: fetchRfid, create: createRfid, update: updateRfid } = rfids;
export const fetchRfidHistory = (id: string) => api.get<RfidHistoryRow[]>(path(id, '/history'));
export const assignRfid = (id: string, operatorId: string) =>
  api.post<Rfid>(path(id, '/assignment'), { operator_id: operatorId });
export const removeRfid = (id: string) => api.delete<Rfid>(path(id, '/assignment'));
