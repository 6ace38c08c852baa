import { releaseNoteResource } from '@fleetlens/contracts';
import { type IsolationWalk, resourceRoutes } from '../walks.ts';

const notes = resourceRoutes(releaseNoteResource, 'releaseNote');

export const walk: IsolationWalk = {
  // The provider's release notes are the same for every customer; only admins write them.
  notTenantOwned: ['GET /api/v1/release-notes', 'GET /api/v1/release-notes/current', notes.one],
  objects: notes.objects,
  async seed({ insert, b }) {
    b.releaseNote = await insert(
      "INSERT INTO release_notes (version, note, release_date) VALUES ('9.9.9', 'Walk note', '2026-01-01') RETURNING id",
    );
  },
  bodies: () => {
    const note = { version: '6.6.6', note: 'Sneaky', date: '2026-02-02' };
    return { [notes.create]: note, [notes.update]: note };
  },
  snapshot: (query) =>
    query("SELECT json_agg(r ORDER BY r.id) AS notes FROM release_notes r WHERE r.version <> '' "),
};
