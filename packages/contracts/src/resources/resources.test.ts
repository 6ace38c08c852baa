// The descriptions hold together: each names pages the route table has, actions guarded by roles
// and privileges that exist, an audit entity of its own, a path no other resource takes; and the architecture's index of them is the
// one they generate.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPrivilege, SYS_ROLES, type SysRole } from '../access/roles.ts';
import { allRoutes } from '../access/routes.ts';
import { AUDIT_ENTITIES } from '../audit/audit.ts';
import {
  pageAddress,
  RESOURCES,
  type ResourceDescription,
  recordAddress,
  resourceIndex,
  vehicleResource,
} from './index.ts';

const ARCHITECTURE = join(import.meta.dirname, '..', '..', '..', '..', 'docs', 'architecture.md');

describe('the resource descriptions', () => {
  it('name pages of the route table, and guard their actions with roles and privileges that exist', () => {
    const pages = new Set(allRoutes().map((route) => route.name));
    for (const description of RESOURCES as readonly ResourceDescription[]) {
      for (const page of Object.values(description.pages)) expect(pages, description.path).toContain(page);
      for (const roles of Object.values(description.actions ?? {})) {
        expect(roles.length, description.path).toBeGreaterThan(0);
        for (const role of roles)
          expect(
            SYS_ROLES.includes(role as SysRole) || isPrivilege(role),
            `${description.path}: ${role}`,
          ).toBe(true);
      }
    }
  });

  it('give the audit log their entities, each once, beside those of other writes', () => {
    const audited = RESOURCES.flatMap((description) => ('audit' in description ? [description.audit] : []));
    expect(AUDIT_ENTITIES).toEqual(expect.arrayContaining(audited));
    expect(new Set(AUDIT_ENTITIES).size).toBe(AUDIT_ENTITIES.length);
  });

  it('give each resource a path of its own', () => {
    const paths = RESOURCES.map((description) => description.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('make addresses of pages and records', () => {
    expect(pageAddress('vehicleEdit', { id: 'a b' })).toBe('/vehicles/a%20b/edit');
    expect(recordAddress(vehicleResource, 'detail', 'v1')).toBe('/vehicles/v1/details');
    expect(() => pageAddress('vehicleEdit')).toThrow(/:id/);
  });

  it('are indexed in docs/architecture.md as they generate it', () => {
    const doc = readFileSync(ARCHITECTURE, 'utf8');
    const index = doc.split('<!-- resources:start -->')[1]?.split('<!-- resources:end -->')[0]?.trim();
    expect(index, 'docs/architecture.md: the lines between the resources markers').toBe(
      resourceIndex(RESOURCES),
    );
  });
});
