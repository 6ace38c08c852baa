// The firmware calls (server modules/firmware) and their query keys. An upload is three steps: its
// start (the name checked, a one-time signed address answered), the file PUT to that address, and
// "uploaded" (the server keeps it with its SHA-256).
import type {
  Firmware,
  FirmwareUploadBody,
  FirmwareUploadStart,
  firmwareListQuerySchema,
  firmwareUploadLogQuerySchema,
  ListPage,
  ListParamsOf,
  Rollout,
  RolloutBody,
  RolloutDevice,
  RolloutPreview,
  rolloutDeviceListQuerySchema,
  rolloutListQuerySchema,
} from '@fleetlens/contracts';
import { api } from '../../api/client';
import { resourceApi } from '../../api/resource';

export const firmwares = resourceApi<Firmware, ListParamsOf<typeof firmwareListQuerySchema>>('/firmwares');
export const uploadLogs = resourceApi<Firmware, ListParamsOf<typeof firmwareUploadLogQuerySchema>>(
  '/firmwares/upload-logs',
);
export const rollouts = resourceApi<Rollout, ListParamsOf<typeof rolloutListQuerySchema>>(
  '/firmware-rollouts',
);
export type RolloutDeviceParams = ListParamsOf<typeof rolloutDeviceListQuerySchema>;

export const fetchFirmware = (id: string) => api.get<Firmware>(firmwares.path(id));
export const fetchRollout = (id: string) => api.get<Rollout>(rollouts.path(id));
export const fetchRolloutDevices = (id: string, params: RolloutDeviceParams) =>
  api.get<ListPage<RolloutDevice>>(`${rollouts.path(id)}/devices`, {
    query: params as Record<string, string | number | undefined>,
  });
export const fetchDeviceUpdates = (devicePk: string) =>
  api.get<ListPage<RolloutDevice>>(`/firmware-device-updates/${encodeURIComponent(devicePk)}`);
export const previewRollout = (firmwareId: string, body: RolloutBody) =>
  api.post<RolloutPreview>(firmwares.path(firmwareId, '/preview'), body);
export const createRollout = (firmwareId: string, body: RolloutBody) =>
  api.post<Rollout>(firmwares.path(firmwareId, '/rollouts'), body);
export const cancelRollout = (id: string) => api.post<Rollout>(rollouts.path(id, '/cancel'));
export const resumeRollout = (id: string) => api.post<Rollout>(rollouts.path(id, '/resume'));

/** The whole upload: start, PUT the bytes to the signed address, then have them kept. */
export async function uploadFirmware(body: FirmwareUploadBody, file: File): Promise<Firmware> {
  const start = await api.post<FirmwareUploadStart>('/firmwares', body);
  const sent = await fetch(start.upload.url, {
    method: 'PUT',
    headers: { 'content-type': start.upload.content_type },
    body: file,
  });
  if (!sent.ok) throw new Error(`upload ${sent.status}`);
  return api.post<Firmware>(firmwares.path(start.firmware.id, '/uploaded'));
}
