// The rules of the user manual: only a PDF is kept, its object is removed again when the row
// cannot be written, and the file is reached only through a short-lived signed link.
import {
  FILE_LINK_SECONDS,
  FILE_MEDIA_TYPES,
  type ListQuery,
  type manualFieldsSchema,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import { ApiError } from '../../platform/errors.ts';
import { signLink, verifyLink } from '../../platform/links.ts';
import { pageOf } from '../../platform/lists.ts';
import { newObjectKey, type ObjectStorage } from '../../platform/storage.ts';
import { fileFormatOf, type Upload } from '../files/public.ts';
import { findManual, insertManual, listManuals } from './repository.ts';

const manualNotFound = () => new ApiError('notFound', { messageKey: 'manualNotFound' });
const fileAddress = (id: string) => `/api/v1/manual/${id}/file`;

export function manualService(database: DatabaseHandle, storage: ObjectStorage) {
  return {
    list: async (query: ListQuery) => pageOf(query, await listManuals(database, query)),

    async upload(access: RequestAccess, upload: Upload<z.output<typeof manualFieldsSchema>>) {
      const file = upload.file as { data: Buffer; fileName: string };
      if (fileFormatOf(file.data, file.fileName) !== 'pdf')
        throw new ApiError('validation', { fields: [{ field: 'file', key: 'fileFormat' }] });
      const objectKey = newObjectKey('manuals');
      await storage.put(objectKey, file.data, FILE_MEDIA_TYPES.pdf);
      try {
        return await insertManual(database, {
          version: upload.fields.version,
          fileName: file.fileName.slice(-200),
          size: file.data.length,
          objectKey,
          userId: access.principal.userId,
        });
      } catch (error) {
        await storage.delete(objectKey);
        throw error;
      }
    },

    /** The signed address of a manual's file, valid FILE_LINK_SECONDS. */
    async link(id: string) {
      const manual = await findManual(database, id);
      if (!manual) throw manualNotFound();
      return { manual: (await signLink(database, fileAddress(manual.id), FILE_LINK_SECONDS)).url };
    },

    /** The file behind a signed link: 403 for a wrong or old signature. */
    async open(id: string, expires: number | undefined, signature: string | undefined) {
      if (!(await verifyLink(database, fileAddress(id), expires, signature))) throw new ApiError('forbidden');
      const manual = await findManual(database, id);
      const stream = manual && (await storage.stream(manual.file_key));
      if (!manual || !stream) throw manualNotFound();
      return { fileName: manual.file_name, stream };
    },
  };
}
