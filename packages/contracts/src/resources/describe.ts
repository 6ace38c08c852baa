// The shape of a resource description (react-admin's `<Resource>`, twenty's object metadata): a
// plain resource says once what it is called and where it lives — its API path, its schemas, its
// console pages, who may do its actions without a page (delete, a dialog's save), its audit
// entity, its table and unique constraints — and every side reads that: the server's `resource()`
// (routes and their rules) and `recordWrites` (audited writes, a 409 on the right field), the web's
// `resourceApi`, list and edit hooks, `useMayAct` and screen registry, the isolation walks, the
// audit log's entities. The descriptions themselves are in ./index.ts.
import type { z } from 'zod';
import { allRoutes, type RouteName } from '../access/routes.ts';
import type { ListParamsOf, listQuerySchema } from '../api/errors.ts';

/** The console pages of a resource, by route name (the route table holds their paths and roles). */
export interface ResourcePages {
  /** The list; its roles also guard reading one record unless the server says otherwise. */
  list?: RouteName;
  /** The create form; its roles guard the create call. */
  new?: RouteName;
  /** The edit form; its roles guard the update call. */
  edit?: RouteName;
  /** The page of one record, where it is not the edit form. */
  detail?: RouteName;
}

/**
 * The actions without a page of their own (a delete button, a dialog's save), each as the roles
 * and privileges of which any one allows it (staff roles as in access/actions.ts; admin passes
 * every check by itself). The server's guard and the web's `useMayAct` read these.
 */
export interface ResourceActions {
  create?: readonly string[];
  edit?: readonly string[];
  remove?: readonly string[];
}

export interface ResourceDescription {
  /** The API path under /api/v1: `/<name>`, the name the server module and web feature share. */
  path: `/${string}`;
  /**
   * The folder of the server module and the web feature that serve it (`modules/<feature>`,
   * `features/<feature>`), where it is not the path's name: the operators' groups live with the
   * operators. The web's screen registry loads the resource's pages from that feature.
   */
  feature?: string;
  /** One record as the server answers it. */
  record: z.ZodType;
  /** The list's rows, where they are not the whole record (a group without its members). */
  item?: z.ZodType;
  /** One record's answer, where it says more than the record (a user with its sign-ins). */
  detail?: z.ZodType;
  /** The list's query (paging, order, filters). */
  query?: z.ZodType;
  /** What a create sends. */
  body?: z.ZodType;
  /** What an update sends, where it is not the create's body. */
  update?: z.ZodType;
  pages: ResourcePages;
  actions?: ResourceActions;
  /** The audit log's entity of the resource's writes (audit/audit.ts lists it among AUDIT_ENTITIES). */
  audit?: string;
  /** The server's table of its rows (the audit entry reads the row there). */
  table?: string;
  /**
   * Its table's unique constraints, each as the field a conflicting write is answered on (409)
   * and the message: `{ vehicles_customer_name_key: { field: 'name', key: 'vehicleNameInUse' } }`.
   */
  unique?: Readonly<Record<string, UniqueField>>;
}

/** What a unique constraint's violation is answered on: the body's field and the message key. */
export interface UniqueField {
  field: string;
  key: string;
}

/** A description, its names kept as literal types (the pages' route names, the path). */
export const describeResource = <const D extends ResourceDescription>(description: D): D => description;

/** The resource's name: its path without the slash (query keys, column choice, export name). */
export const resourceName = (description: Pick<ResourceDescription, 'path'>): string =>
  description.path.slice(1);

/** The folder of the server module and web feature that serve a described resource. */
export const featureOf = (description: ResourceDescription): string =>
  description.feature ?? resourceName(description);

/** The schema of what an update sends: `update`, else the create's `body`. */
export type UpdateOf<D extends ResourceDescription> = D['update'] extends z.ZodType
  ? D['update']
  : D['body'] extends z.ZodType
    ? D['body']
    : never;
/** The schema of a list row: `item`, else the record. */
export type ItemOf<D extends ResourceDescription> = D['item'] extends z.ZodType ? D['item'] : D['record'];

/** What a described resource's calls carry, as types (the web reads these, not zod). */
export type RecordOf<D extends ResourceDescription> = z.output<D['record']>;
export type RowOf<D extends ResourceDescription> = z.output<ItemOf<D>>;
/** One record's answer: `detail`, else the record. */
export type DetailOf<D extends ResourceDescription> = D['detail'] extends z.ZodType
  ? z.output<D['detail']>
  : RecordOf<D>;
export type BodyOf<D extends ResourceDescription> = D['body'] extends z.ZodType ? z.input<D['body']> : never;
export type UpdateBodyOf<D extends ResourceDescription> =
  UpdateOf<D> extends z.ZodType ? z.input<UpdateOf<D>> : never;
/** The list's parameters (ListParamsOf its query). */
export type ResourceListParams<D extends ResourceDescription> = ListParamsOf<
  D['query'] extends z.ZodType ? D['query'] : typeof listQuerySchema
>;

/** The route names of a description's pages. */
export type PageNameOf<D extends ResourceDescription> = D['pages'][keyof D['pages']] & RouteName;

/** The route names of a description's pages, in the order list, new, edit, detail. */
export const pagesOf = <const D extends ResourceDescription>(description: D): PageNameOf<D>[] =>
  (['list', 'new', 'edit', 'detail'] as const)
    .map((page) => description.pages[page])
    .filter((name): name is PageNameOf<D> => name !== undefined);

/** The roles of one of the resource's actions without a page (none: it has no such action). */
export const actionRoles = (
  description: ResourceDescription,
  action: keyof ResourceActions,
): readonly string[] | undefined => description.actions?.[action];

/** The roles of the resource's delete action (none: it has none). */
export const removeRoles = (description: ResourceDescription): readonly string[] | undefined =>
  actionRoles(description, 'remove');

/** The address of a described resource's list page (where its forms go back to). */
export function listAddress(description: ResourceDescription): string {
  if (!description.pages.list) throw new Error(`${description.path} has no list page`);
  return pageAddress(description.pages.list);
}

/**
 * The address of one record's edit or detail page, its one parameter (`:id`, `:deviceId`) the
 * record's id: `recordAddress(vehicleResource, 'edit', id)`.
 */
export function recordAddress(description: ResourceDescription, page: 'edit' | 'detail', id: string): string {
  const name = description.pages[page];
  if (!name) throw new Error(`${description.path} has no ${page} page`);
  return pageAddress(name, { [recordParam(description, page)]: id });
}

/** The parameter of a record's edit or detail page that holds its id (`id`, `deviceId`). */
export function recordParam(description: ResourceDescription, page: 'edit' | 'detail'): string {
  const name = description.pages[page];
  if (!name) throw new Error(`${description.path} has no ${page} page`);
  return routeOf(name).path.match(/:(\w+)/)?.[1] ?? 'id';
}

const routeOf = (name: RouteName) => {
  const route = allRoutes().find((r) => r.name === name && r.path !== '');
  if (!route) throw new Error(`no page named ${name}`);
  return route;
};

/** A record's edit page and its address there, where a detail page offers Edit. */
export function editLink(description: ResourceDescription, id: string): readonly [RouteName, string] {
  const name = description.pages.edit;
  if (!name) throw new Error(`${description.path} has no edit page`);
  return [name, recordAddress(description, 'edit', id)];
}

/**
 * The console address of the page named `name`, its `:params` filled in (encoded):
 * `pageAddress('manufacturerEdit', { id })` → `/manufacturers/<id>/edit`. Throws for an unknown page.
 */
export function pageAddress(name: RouteName, params: Record<string, string> = {}): string {
  return routeOf(name).path.replace(/:(\w+)/g, (_, param: string) => {
    const value = params[param];
    if (value === undefined) throw new Error(`${name}: no value for :${param}`);
    return encodeURIComponent(value);
  });
}

/**
 * The index of described resources as docs/architecture.md shows it, one line each: the API path
 * and the console address of each page (the doc's copy is checked against this, so it cannot drift).
 */
export function resourceIndex(descriptions: readonly ResourceDescription[]): string {
  return descriptions
    .map((description) => {
      const pages = (['list', 'new', 'edit', 'detail'] as const)
        .map((page) => {
          const name = description.pages[page];
          return name && `${page} \`${routeOf(name).path}\``;
        })
        .filter((line) => line !== undefined);
      return `- \`/api/v1${description.path}\`: ${pages.join(', ')}`;
    })
    .join('\n');
}
