// The rules of customers' files: the content is checked by its bytes before anything is stored
// and stored under a key we make; a file is filed under a company the caller sees; an object no
// row names any more is removed; the content is reached only through a short-lived signed link.
import {
  FILE_LINK_SECONDS,
  FILE_MEDIA_TYPES,
  type fileFieldsSchema,
  type fileListQuerySchema,
} from '@fleetlens/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import { EVERY_CUSTOMER, type RequestAccess, type Scoped } from '../../platform/access.ts';
import { ApiError, found } from '../../platform/errors.ts';
import { signLink, verifyLink } from '../../platform/links.ts';
import { pageOf } from '../../platform/lists.ts';
import { newObjectKey, type ObjectStorage } from '../../platform/storage.ts';
import { fileFormatOf } from './formats.ts';
import { findFile, insertFile, listFiles, type StoredFile, updateFile } from './repository.ts';
import type { Upload } from './upload.ts';

type Fields = z.output<typeof fileFieldsSchema>;
const contentAddress = (id: string) => `/api/v1/files/${id}/content`;

/** Checks the content against its name and limits; answers what to store. */
function contentOf(file: { data: Buffer; fileName: string }) {
  const format = fileFormatOf(file.data, file.fileName);
  if (!format) throw new ApiError('validation', { fields: [{ field: 'file', key: 'fileFormat' }] });
  return { format, size: file.data.length, fileName: file.fileName.slice(-200) };
}

export function fileService(database: DatabaseHandle, storage: ObjectStorage, log: FastifyBaseLogger) {
  /** Removes an object no row names (any more): best effort, logged; never fails the call it follows
   *  (a saved change stays a success, a failed one keeps its own error). */
  const discard = async (key: string) => {
    try {
      await storage.delete(key);
    } catch (error) {
      log.warn({ err: error, objectKey: key }, 'could not remove an unused file object');
    }
  };

  const linked = async ({ object_key: _key, ...record }: StoredFile) => ({
    ...record,
    link: await signLink(database, contentAddress(record.id), FILE_LINK_SECONDS),
  });

  /** One file with a short-lived link to its content (preview). */
  const get = async (scope: Scoped, id: string) => linked(found(await findFile(database, scope, id)));

  return {
    get,
    list: async (scope: Scoped, query: z.output<typeof fileListQuerySchema>) =>
      pageOf(query, await listFiles(database, scope, query)),

    async upload(access: RequestAccess, upload: Upload<Fields>) {
      const customerId = upload.fields.customer_id ?? access.principal.customerId;
      await access.mustUseCustomer(customerId);
      const file = upload.file as { data: Buffer; fileName: string };
      const checked = contentOf(file);
      const objectKey = newObjectKey('files');
      await storage.put(objectKey, file.data, FILE_MEDIA_TYPES[checked.format]);
      let id: string;
      try {
        id = await insertFile(database, {
          customerId,
          userId: access.principal.userId,
          name: upload.fields.name,
          description: upload.fields.description,
          objectKey,
          ...checked,
        });
      } catch (error) {
        await discard(objectKey);
        throw error;
      }
      return get(access, id);
    },

    /** Saves name and description, and the content when a new file came; the upload is read only
     *  once the file is known to be the caller's. */
    async update(
      access: RequestAccess,
      id: string,
      read: () => Promise<Upload<Omit<Fields, 'customer_id'>>>,
    ) {
      found(await findFile(database, access, id));
      const upload = await read();
      const checked = upload.file ? contentOf(upload.file) : undefined;
      const objectKey = checked ? newObjectKey('files') : undefined;
      if (upload.file && checked && objectKey)
        await storage.put(objectKey, upload.file.data, FILE_MEDIA_TYPES[checked.format]);
      let replaced: { previousKey: string } | undefined;
      try {
        replaced = await updateFile(database, access, id, {
          userId: access.principal.userId,
          name: upload.fields.name,
          description: upload.fields.description,
          content: checked && objectKey ? { ...checked, objectKey } : undefined,
        });
      } catch (error) {
        if (objectKey) await discard(objectKey);
        throw error;
      }
      if (!replaced) {
        if (objectKey) await discard(objectKey);
        throw new ApiError('notFound');
      }
      if (objectKey) await discard(replaced.previousKey);
      return get(access, id);
    },

    /** The content behind a signed link (403 for a wrong or old signature). Office files are only
     *  downloaded; the rest may show inline, in a frame of our own pages. */
    async open(id: string, link: { expires?: number; signature?: string; download?: string }) {
      if (!(await verifyLink(database, contentAddress(id), link.expires, link.signature)))
        throw new ApiError('forbidden');
      // The signature names the file: whoever holds the link may read it, in any company.
      const file = found(await findFile(database, EVERY_CUSTOMER, id));
      const stream = await storage.stream(file.object_key);
      if (!stream) throw new ApiError('notFound');
      const inline = !link.download && file.format !== 'xlsx' && file.format !== 'docx';
      return { file, stream, inline };
    },
  };
}
