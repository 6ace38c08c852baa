// The rules of firmware files: an upload starts from its name (checked against the spec's pattern
// and read into device type, build date and version) and gets a one-time signed PUT address, as
// devices' clips do (platform/uploads.ts); once the file arrived the caller says so, and the
// object is kept under a key no address names, with its SHA-256, which devices check the download
// against. An upload nobody completes before its address expires fails (the upload job).
import { randomUUID } from 'node:crypto';
import {
  FIRMWARE_CONTENT_TYPE,
  type FirmwareEditBody,
  type FirmwareUploadBody,
  type FirmwareUploadStart,
  firmwareEditBodySchema,
  firmwareFile,
  firmwareUploadBodySchema,
  type ListQuery,
  parseFirmwareName,
} from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import { type AuditedWrite, audited } from '../../platform/audit.ts';
import { ApiError, found } from '../../platform/errors.ts';
import { pageOf } from '../../platform/lists.ts';
import { newObjectKey, type ObjectStorage } from '../../platform/storage.ts';
import { oneTimeUploads } from '../../platform/uploads.ts';
import {
  editFirmware,
  expiredUploads,
  firmwareById,
  insertFirmware,
  listFirmwares,
  markFailed,
  markUploaded,
} from './repository.ts';

/** How long an upload address works: an hour is room for a large image on a slow line. */
export const FIRMWARE_UPLOAD_SECONDS = 3600;

const invalid = (field: string, key: string) => new ApiError('validation', { fields: [{ field, key }] });

/** Firmware files are the provider's, of no customer: their entries name none. */
const audit = (access: RequestAccess, action: AuditedWrite['action'], id?: string): AuditedWrite => ({
  actor: access.principal,
  entity: 'firmware',
  table: 'firmwares',
  action,
  id,
});

export function firmwareService(database: DatabaseHandle, storage: ObjectStorage) {
  const uploads = oneTimeUploads(database, storage);
  const strip = <T extends { object_key: string; upload_expires_at: string }>(record: T) => {
    const { object_key: _key, upload_expires_at: _expires, ...firmware } = record;
    return firmware;
  };

  return {
    async start(access: RequestAccess, input: FirmwareUploadBody): Promise<FirmwareUploadStart> {
      const body = firmwareUploadBodySchema.parse(input);
      const name = parseFirmwareName(body.file_name);
      if (!name) throw invalid('file_name', firmwareFile.name.message.key);
      const id = randomUUID();
      const address = await uploads.issue({
        like: newObjectKey('firmware'),
        owner: id,
        contentType: FIRMWARE_CONTENT_TYPE,
        seconds: FIRMWARE_UPLOAD_SECONDS,
      });
      await audited(database, audit(access, 'create'), async (tx) => {
        await insertFirmware(tx, {
          ...name,
          id,
          file_name: body.file_name,
          description: body.description,
          latest: body.latest,
          object_key: address.key,
          upload_expires_at: address.expiresAt,
          user_id: access.principal.userId,
        });
        return id;
      });
      const firmware = found(await firmwareById(database, id));
      return {
        firmware: strip(firmware),
        upload: {
          url: address.url,
          expires_at: address.expiresAt.toISOString(),
          content_type: FIRMWARE_CONTENT_TYPE,
        },
      };
    },

    /**
     * The caller's file arrived: kept with its SHA-256. Nothing there yet is the file field's
     * error (the upload may be tried again while its address works); an empty or oversized file is
     * refused and removed.
     */
    async complete(access: RequestAccess, id: string) {
      const firmware = found(await firmwareById(database, id));
      if (firmware.status === 'uploaded') return strip(firmware);
      if (firmware.status === 'failed') throw invalid('file', 'firmwareUploadFailed');
      const kept = await uploads.accept(id);
      if (!kept) throw invalid('file', 'firmwareNotArrived');
      if (kept.bytes === 0 || kept.bytes > firmwareFile.maxBytes) {
        await storage.delete(kept.key);
        await markFailed(database, id, kept.bytes === 0 ? 'empty' : 'too-large');
        throw invalid('file', kept.bytes === 0 ? 'firmwareEmpty' : firmwareFile.tooLarge.key);
      }
      const done = await audited(database, audit(access, 'update', id), async (tx) =>
        (await markUploaded(tx, id, kept)) ? id : undefined,
      );
      if (!done) await storage.delete(kept.key);
      return strip(found(await firmwareById(database, id)));
    },

    async one(id: string) {
      return strip(found(await firmwareById(database, id)));
    },

    async edit(access: RequestAccess, id: string, input: FirmwareEditBody) {
      const body = firmwareEditBodySchema.parse(input);
      const firmware = found(await firmwareById(database, id));
      if (firmware.status !== 'uploaded') throw new ApiError('notFound');
      await audited(database, audit(access, 'update', id), async (tx) =>
        (await editFirmware(tx, id, body)) ? id : undefined,
      );
      return strip(found(await firmwareById(database, id)));
    },

    async list(query: ListQuery & { device_type?: string | undefined }) {
      return pageOf(query, await listFirmwares(database, query, true));
    },

    async uploadLog(query: ListQuery & { status?: string | undefined }) {
      return pageOf(query, await listFirmwares(database, query, false));
    },

    /** Uploads whose address expired with nothing accepted: failed, and said so in the upload log. */
    async failExpired(now: Date): Promise<number> {
      const ids = await expiredUploads(database, now, 100);
      for (const id of ids) {
        // A file that arrived at the last moment is still kept.
        const kept = await uploads.accept(id).catch(() => undefined);
        if (kept && kept.bytes > 0 && kept.bytes <= firmwareFile.maxBytes)
          await database.transaction((tx) => markUploaded(tx, id, kept));
        else {
          if (kept) await storage.delete(kept.key);
          await markFailed(database, id, 'not-arrived');
        }
      }
      return ids.length;
    },
  };
}

export type FirmwareService = ReturnType<typeof firmwareService>;
