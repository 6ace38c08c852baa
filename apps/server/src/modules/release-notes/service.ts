// Release notes are the provider's, the same for every customer: no tenant check, only the
// routes' guards (everyone reads, admins write).
import type { ListQuery, ReleaseNoteBody } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import { ApiError, found } from '../../platform/errors.ts';
import { pageOf } from '../../platform/lists.ts';
import {
  currentVersion,
  findReleaseNote,
  insertReleaseNote,
  listReleaseNotes,
  updateReleaseNote,
} from './repository.ts';

type Body = Required<ReleaseNoteBody>;

export function releaseNoteService(database: DatabaseHandle) {
  const get = async (id: string) => found(await findReleaseNote(database, id));
  return {
    get,
    list: async (query: ListQuery) => pageOf(query, await listReleaseNotes(database, query)),
    current: async () => ({ version: await currentVersion(database) }),
    async create(access: RequestAccess, body: Body) {
      return get(await insertReleaseNote(database, body, access.principal.userId));
    },
    async update(id: string, body: Body) {
      if (!(await updateReleaseNote(database, id, body))) throw new ApiError('notFound');
      return get(id);
    },
  };
}
