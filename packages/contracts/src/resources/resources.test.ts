// The descriptions hold together: each names pages the route table has, a delete action the
// action table has, a path no other resource takes; and the architecture's index of them is the
// one they generate.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTION_ROLES } from '../access/actions.ts';
import { allRoutes } from '../access/routes.ts';
import { AUDIT_ENTITIES } from '../audit/audit.ts';
import { pageAddress, RESOURCES, recordAddress, resourceIndex, vehicleResource } from './index.ts';

const ARCHITECTURE = join(import.meta.dirname, '..', '..', '..', '..', 'docs', 'architecture.md');

describe('the resource descriptions', () => {
  it('name pages of the route table, actions of the action table and audit entities that exist', () => {
    const pages = new Set(allRoutes().map((route) => route.name));
    for (const description of RESOURCES) {
      for (const page of Object.values(description.pages)) expect(pages, description.path).toContain(page);
      for (const action of Object.values(description.actions ?? {}))
        expect(Object.keys(ACTION_ROLES), description.path).toContain(action);
      if (description.audit) expect(AUDIT_ENTITIES).toContain(description.audit);
    }
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
