// One compact way to declare a guarded route (docs/decisions/2026-11-26-route-declarations.md):
// a module states its path, rule, summary and schemas, and returns its data; the guard, the
// envelope, the answer's status and the OpenAPI schema (tags, params, query, body, response) are
// built here the same way for every route. What every operation shares beyond that (operationId,
// error answers, security) is computed once in openapi.ts. Routes open without a rule (signed
// links, the console's public configuration) and those that stream keep Fastify's own declaration.
import {
  ACTION_ROLES,
  type ActionName,
  type ItemOf,
  listPageSchema,
  type ResourceDescription,
  routeRule,
  type UpdateOf,
} from '@fleetlens/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type AccessRule, accessOf, type RequestAccess } from './access.ts';
import { ok } from './envelope.ts';
import type { Platform } from './index.ts';
import {
  type ExportQuery,
  type ExportWording,
  exportQueryOf,
  listItemOf,
  sendExport,
  signedCaller,
} from './listExports.ts';
import { fileResponse } from './openapi.ts';
import { CONTENT_TYPES } from './sheetStreams.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * Who may call a route: an access rule; the roles of which any one is enough; or a name from
 * contracts: an action without a page (ACTION_ROLES: `'eventDelete'`) or a console page (the route
 * table: `'caseEdit'` is whoever may open that page), so the server's guard and the web's buttons
 * read the same list.
 */
export type Rule = AccessRule | readonly string[] | string;

/** The access rule a route's `Rule` stands for (an unknown name fails at start-up). */
export const ruleOf = (rule: Rule): AccessRule => {
  if (typeof rule !== 'string') return isRoles(rule) ? { roles: rule } : rule;
  return Object.hasOwn(ACTION_ROLES, rule) ? { roles: ACTION_ROLES[rule as ActionName] } : routeRule(rule);
};
const isRoles = (rule: AccessRule | readonly string[]): rule is readonly string[] => Array.isArray(rule);

/**
 * The roles of several pages and actions together (the readers of a list many forms pick from); a
 * resource's description stands for its list page.
 */
export const rolesOf = (...names: (string | ResourceDescription)[]): string[] =>
  names.flatMap((name) => ruleOf(typeof name === 'string' ? name : listPageOf(name)).roles ?? []);
const listPageOf = (description: ResourceDescription): string => {
  if (!description.pages.list) throw new Error(`${description.path} has no list page`);
  return description.pages.list;
};

/** What a route takes and answers (its schemas), beside who may call it and what it does. */
export interface RouteIo<P extends Schema, Q extends Schema, B extends Schema, R extends z.ZodType> {
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The body is multipart/form-data (an upload): the handler reads it from the request. */
  multipart?: boolean;
  /** The schema of `data` in the answer's envelope (what the handler returns). */
  reply: R;
  /**
   * The answer is a file of one of these media types, sent by the handler itself (an export), not
   * the envelope: the document says so, so a generated client reads bytes, not JSON.
   */
  files?: { types: readonly string[]; description: string };
  /** 200 unless told (201 for a creation). */
  status?: 200 | 201 | 202;
  /**
   * The call may also come through a link signed for its user (a list's export the browser opens
   * itself, platform/listExports.ts): the route's rule is checked for that user all the same.
   */
  signed?: boolean;
  /**
   * A list (its reply a list page): `<url>/export` answers the same rows as a CSV or XLSX file,
   * through this route's own handler, rule and query (platform/listExports.ts). A table that is
   * not paged (a report's rows) names the field of its answer that holds them, and may word a
   * field itself in the user's language (`words`: a value the browser words from several numbers).
   */
  exported?: true | { rows: string; words?: Record<string, ExportWording> };
}

/** A route as a module describes it. */
export interface RouteSpec<P extends Schema, Q extends Schema, B extends Schema, R extends z.ZodType>
  extends RouteIo<P, Q, B, R> {
  rule: Rule;
  summary: string;
}

/** A route's spec in one line: `op(rule, summary, { params, query, body, reply })`. */
export const op = <
  R extends z.ZodType,
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
>(
  rule: Rule,
  summary: string,
  io: RouteIo<P, Q, B, R>,
): RouteSpec<P, Q, B, R> => ({ rule, summary, ...io });

/** What a handler sees: the checked input, the caller's access object, and the request itself. */
export interface RouteCall<P extends Schema, Q extends Schema, B extends Schema> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  access: RequestAccess;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The envelope's message instead of 'success' (an accepted request that must wait, say). */
  say(message: string): void;
}

/**
 * Returns the answer's data; a handler that writes the envelope itself (a large array spliced in
 * as stored) returns the reply it sent.
 */
export type RouteHandler<P extends Schema, Q extends Schema, B extends Schema, R extends z.ZodType> = (
  call: RouteCall<P, Q, B>,
) => Promise<z.input<R> | FastifyReply> | z.input<R> | FastifyReply;

/** The declarer of one module: `route.get(url, spec, handler)`, each under the module's tags. */
export function routesOf(app: FastifyInstance, platform: Platform, tags: string[]) {
  const declare =
    (method: Method) =>
    <
      R extends z.ZodType,
      P extends Schema = undefined,
      Q extends Schema = undefined,
      B extends Schema = undefined,
    >(
      url: string,
      spec: RouteSpec<P, Q, B, R>,
      handler: RouteHandler<P, Q, B, R>,
    ): void => {
      const status = spec.status ?? 200;
      app.route({
        method,
        url,
        preValidation: spec.signed
          ? [signedCaller(platform), platform.access(ruleOf(spec.rule))]
          : platform.access(ruleOf(spec.rule)),
        schema: {
          tags,
          summary: spec.summary,
          ...(spec.description ? { description: spec.description } : {}),
          ...(spec.params ? { params: spec.params } : {}),
          ...(spec.query ? { querystring: spec.query } : {}),
          ...(spec.multipart ? { consumes: ['multipart/form-data'] } : {}),
          ...(spec.body ? { body: spec.body } : {}),
          response: {
            [status]: spec.files
              ? fileResponse(spec.files.types, spec.files.description)
              : platform.envelope(spec.reply),
          },
        },
        handler: async (request, reply) => {
          let message: string | undefined;
          const data = await handler({
            params: request.params as Out<P>,
            query: request.query as Out<Q>,
            body: request.body as Out<B>,
            access: accessOf(request),
            request,
            reply,
            say: (text) => {
              message = text;
            },
          });
          // A handler that sent the answer itself (a track's points as stored) returns the reply;
          // a reply is thenable, so awaiting it yields no reply object: ask whether it was sent.
          if (reply.sent || data === reply) return reply;
          return reply.status(status).send(ok(data, message));
        },
      });
      if (spec.exported && spec.query) {
        const rows = spec.exported === true ? undefined : spec.exported.rows;
        const words = spec.exported === true ? undefined : spec.exported.words;
        const list = { query: spec.query, item: listItemOf(spec.reply, rows), ...(words ? { words } : {}) };
        declare(method)(
          `${url}/export`,
          {
            rule: spec.rule,
            summary: `${spec.summary}, as a CSV or XLSX file (the columns and time zone asked for)`,
            ...(spec.params ? { params: spec.params } : {}),
            query: exportQueryOf(spec.query),
            reply: z.unknown(),
            files: {
              types: ['text/csv', CONTENT_TYPES.xlsx],
              description: 'The CSV file (UTF-8 with BOM) or the XLSX workbook of the list, as an attachment',
            },
            signed: true,
          },
          (call) =>
            sendExport(
              {
                ...list,
                // The list's own handler, a page at a time, as the caller of the export.
                list: async (access, query) => {
                  const answer = await handler({
                    ...call,
                    body: undefined as Out<B>,
                    access,
                    query: query as Out<Q>,
                  });
                  // A table not paged is read whole, once.
                  if (rows === undefined) return answer as never;
                  const table = (answer as Record<string, unknown[]>)[rows] ?? [];
                  return { list: table, perPage: Number.POSITIVE_INFINITY };
                },
              },
              url,
              call.access,
              call.query as ExportQuery,
              call.reply,
            ),
        );
      }
    };
  return {
    get: declare('GET'),
    post: declare('POST'),
    put: declare('PUT'),
    patch: declare('PATCH'),
    delete: declare('DELETE'),
  };
}

export type Routes = ReturnType<typeof routesOf>;

/**
 * A module's routes under its tags, registered as app.ts registers every module:
 * `export const registerRfids = routeModule(['rfids'], (route, platform) => { … })`.
 */
export const routeModule =
  (
    tags: string[],
    declare: (route: Routes, platform: Platform, app: FastifyInstance) => Promise<void> | void,
  ) =>
  async (app: FastifyInstance, platform: Platform): Promise<void> => {
    await declare(routesOf(app, platform, tags), platform, app);
  };

/** `/:id` of a record. */
export const idParams = z.object({ id: z.uuid() });
/** What a deletion answers. */
export const removedSchema = z.object({ id: z.string() });

/** One of a resource's calls: its summary, and its rule where it is not the description's. */
type Step = { rule?: Rule; summary: string };
type OutOf<S> = S extends z.ZodType ? z.output<S> : never;

/** A resource's five calls, as its service offers them (every one optional). */
export interface ResourceCalls<D extends ResourceDescription> {
  service: {
    list?(
      access: RequestAccess,
      query: OutOf<D['query']>,
    ): Promise<z.input<ReturnType<typeof listPageSchema<ItemOf<D>>>>>;
    get?(access: RequestAccess, id: string): Promise<z.input<D['record']>>;
    create?(access: RequestAccess, body: OutOf<D['body']>): Promise<z.input<D['record']>>;
    update?(access: RequestAccess, id: string, body: OutOf<UpdateOf<D>>): Promise<z.input<D['record']>>;
    remove?(access: RequestAccess, id: string): Promise<{ id: string } | null>;
  };
  list?: Step;
  get?: Step;
  create?: Step;
  edit?: Step;
  remove?: Step;
  /** What a deletion answers: `{ id }` unless told (null, say). */
  removed?: z.ZodType;
}

/**
 * Who may make a call the description guards: the step's own rule, else its page or action (the
 * list page for the list and one record, the detail page where there is one, the create and edit
 * pages or dialogs' actions, the delete action). A call with neither fails at start-up.
 */
function ruleOfStep(description: ResourceDescription, call: keyof typeof defaultRules, step: Step): Rule {
  const rule = step.rule ?? defaultRules[call](description);
  if (rule === undefined) throw new Error(`${description.path}: the ${call} call has no rule`);
  return rule;
}
const defaultRules = {
  list: (d: ResourceDescription) => d.pages.list,
  get: (d: ResourceDescription) => d.pages.detail ?? d.pages.list,
  create: (d: ResourceDescription) => d.pages.new ?? d.actions?.create,
  edit: (d: ResourceDescription) => d.pages.edit ?? d.actions?.edit,
  remove: (d: ResourceDescription) => d.actions?.remove,
};

/**
 * The calls of a resource that is not described in contracts (not plain: a report, a chart), with
 * its schemas and every rule given here.
 */
export interface Resource<
  T extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  U extends z.ZodType,
  L extends z.ZodType = T,
> {
  record: T;
  item?: L;
  detail?: z.ZodType;
  query?: Q;
  body?: B;
  update?: U;
  service: {
    list?(access: RequestAccess, query: z.output<Q>): Promise<z.input<ReturnType<typeof listPageSchema<L>>>>;
    get?(access: RequestAccess, id: string): Promise<z.input<T>>;
    create?(access: RequestAccess, body: z.output<B>): Promise<z.input<T>>;
    update?(access: RequestAccess, id: string, body: z.output<U>): Promise<z.input<T>>;
    remove?(access: RequestAccess, id: string): Promise<{ id: string } | null>;
  };
  list?: Required<Step>;
  get?: Required<Step>;
  create?: Required<Step>;
  edit?: Required<Step>;
  remove?: Required<Step>;
  removed?: z.ZodType;
}

/**
 * The usual calls of a resource at its path and `path/:id`: a paged list, one record, create
 * (201), edit and delete, each with its summary and the rule its description gives (or its own);
 * the service holds the rules and scope. A plain resource passes its description (contracts
 * resources/); one that is not plain, its path and schemas.
 */
export function resource<D extends ResourceDescription>(
  route: Routes,
  description: D,
  spec: ResourceCalls<D>,
): void;
export function resource<
  T extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  U extends z.ZodType,
  L extends z.ZodType = T,
>(route: Routes, path: string, spec: Resource<T, Q, B, U, L>): void;
export function resource(
  route: Routes,
  target: ResourceDescription | string,
  spec: ResourceCalls<ResourceDescription> | Resource<z.ZodType, z.ZodType, z.ZodType, z.ZodType>,
): void {
  const calls = spec as ResourceCalls<ResourceDescription>;
  if (typeof target !== 'string') {
    described(route, target, calls);
    return;
  }
  const { record, item, detail, query, body, update } = spec as Resource<
    z.ZodType,
    z.ZodType,
    z.ZodType,
    z.ZodType
  >;
  const description = { path: target as `/${string}`, record, item, detail, query, body, update, pages: {} };
  described(route, description, calls);
}

function described<D extends ResourceDescription>(
  route: Routes,
  description: D,
  spec: ResourceCalls<D>,
): void {
  const { service } = spec;
  const { path, record } = description;
  const one = `${path}/:id`;
  const step = (call: keyof typeof defaultRules, given: Step) => ({
    rule: ruleOfStep(description, call, given),
    summary: given.summary,
  });
  if (spec.list && service.list && description.query) {
    const list = service.list;
    route.get(
      path,
      {
        ...step('list', spec.list),
        query: description.query,
        reply: listPageSchema(description.item ?? record),
        exported: true,
      },
      (call) => list(call.access, call.query as OutOf<D['query']>),
    );
  }
  if (spec.get && service.get) {
    const get = service.get;
    route.get(
      one,
      { ...step('get', spec.get), params: idParams, reply: description.detail ?? record },
      (call) => get(call.access, call.params.id),
    );
  }
  if (spec.create && service.create && description.body) {
    const create = service.create;
    route.post(
      path,
      { ...step('create', spec.create), body: description.body, reply: record, status: 201 },
      (call) => create(call.access, call.body as OutOf<D['body']>),
    );
  }
  const update = description.update ?? description.body;
  if (spec.edit && service.update && update) {
    const change = service.update;
    route.put(one, { ...step('edit', spec.edit), params: idParams, body: update, reply: record }, (call) =>
      change(call.access, call.params.id, call.body as OutOf<UpdateOf<D>>),
    );
  }
  if (spec.remove && service.remove) {
    const remove = service.remove;
    route.delete(
      one,
      { ...step('remove', spec.remove), params: idParams, reply: spec.removed ?? removedSchema },
      (call) => remove(call.access, call.params.id),
    );
  }
}
