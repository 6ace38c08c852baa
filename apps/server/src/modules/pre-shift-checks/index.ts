// Pre-shift checks (beyond the spec; docs/decisions/2026-12-07-pre-shift-checks.md): a customer's
// checklists per vehicle type (contracts checkTemplateResource, maintenance privileges, audited),
// the checks operators answered (listed per vehicle and overall), a vehicle's check link for its QR
// code, the vehicles driven today without a check (the dashboard's card), and the phone page's two
// open calls, whose signed vehicle token and the operator signed on to the vehicle decide.
import {
  apiErrorSchema,
  CHECK_PHOTO_MAX_BYTES,
  CHECK_PHOTO_MINUTES,
  checkFormSchema,
  checkLinkSchema,
  checkListQuerySchema,
  checkListSchema,
  checkPhotoAnswerSchema,
  checkPhotoParams,
  checkPhotoUpload,
  checkResultSchema,
  checkSubmitSchema,
  checkTemplateResource,
  checkTokenParams,
  isTimeZone,
  uncheckedVehiclesSchema,
  vehicleResource,
} from '@fleetlens/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { idParams, op, resource, routeModule } from '../../platform/routes.ts';
import { readUpload, uploadingModule } from '../files/public.ts';
import { publishWebhooks } from '../integrations/public.ts';
import { checkService, checkTemplateService } from './service.ts';

const uncheckedQuery = z.object({
  /** The viewer's time zone: "today" starts at its midnight. */
  tz: z.string().max(64).refine(isTimeZone, 'validation.invalid').default('UTC'),
});

const preShiftRoutes = routeModule(['pre-shift-checks'], (route, platform, app) => {
  const { database, envelope } = platform;
  const log = app.log.child({ module: 'pre-shift-checks' });
  const checks = checkService({
    database,
    commands: platform.deviceLink.commands,
    // A check stands whether or not its webhooks could be queued: the failure is logged.
    publish: (kind, items) =>
      publishWebhooks(platform.hub, kind, items).catch((error) =>
        log.warn({ err: error }, `${kind} not published to webhooks`),
      ),
  });

  resource(route, checkTemplateResource, {
    service: checkTemplateService(database),
    list: { summary: 'Pre-shift checklists, one per customer and vehicle type, paged' },
    get: { summary: 'One pre-shift checklist' },
    create: {
      summary: 'Add the pre-shift checklist of a vehicle type (one per customer and type: else 409)',
    },
    edit: { summary: 'Change a pre-shift checklist: its vehicle type and items (it keeps its customer)' },
    remove: { summary: 'Remove a pre-shift checklist (the checks answered with it are kept)' },
  });

  route.get(
    '/pre-shift-checks',
    op(
      'preShiftChecks',
      'The pre-shift checks answered, newest first (filters: customer, vehicle, result, days)',
      {
        query: checkListQuerySchema,
        reply: checkListSchema,
      },
    ),
    ({ access, query }) => checks.list(access, query),
  );
  route.get(
    '/pre-shift-checks/unchecked',
    op(
      'preShiftChecks',
      "The vehicles driven today (the viewer's day) that have no pre-shift check since midnight",
      {
        query: uncheckedQuery,
        reply: uncheckedVehiclesSchema,
      },
    ),
    ({ access, query }) => checks.unchecked(access, query.tz),
  );
  route.get(
    '/pre-shift-checks/:id/photo',
    op('preShiftChecks', "The operator's photo of a check (JPEG, re-encoded by the server)", {
      params: idParams,
      reply: z.unknown(),
      files: { types: ['image/jpeg'], description: 'The photo' },
    }),
    async ({ access, params, reply }) => {
      const photo = await checks.photo(access, params.id);
      reply.header('Cache-Control', 'private, no-store');
      return reply.type('image/jpeg').send(photo);
    },
  );
  route.get(
    '/vehicles/:id/pre-shift-link',
    op(vehicleResource.pages.detail, "The vehicle's pre-shift check link: the token its QR code carries", {
      params: idParams,
      reply: checkLinkSchema,
    }),
    ({ access, params }) => checks.link(access, params.id),
  );

  // The phone page's calls: no console user, so no token; the link's signed token is the vehicle,
  // the device's sign-on and the operator ID the operator (service.ts). Open calls are limited per
  // address like every call without a token (platform/rateLimit.ts).
  const open = app.withTypeProvider<ZodTypeProvider>();
  open.get(
    '/pre-shift/:token',
    {
      schema: {
        tags: ['pre-shift-checks'],
        summary: 'Open: the checklist of the vehicle a check link names, and who is signed on to it now',
        params: checkTokenParams,
        response: { 200: envelope(checkFormSchema) },
      },
    },
    async (request) => ok(await checks.form(request.params.token)),
  );
  open.post(
    '/pre-shift/:token',
    {
      schema: {
        tags: ['pre-shift-checks'],
        summary:
          "Open: the signed-on operator's answers to the vehicle's checklist (with their operator ID); a failed critical item locks the vehicle",
        params: checkTokenParams,
        body: checkSubmitSchema,
        response: {
          201: envelope(checkResultSchema),
          // The operator refusals of an open call (it has no token, so no 403 by default).
          403: apiErrorSchema.meta({
            description: 'The operator ID is not that of the operator signed on to the vehicle',
          }),
          409: apiErrorSchema.meta({
            description: 'Nobody is signed on to the vehicle, it has no checklist, or the checklist changed',
          }),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await checks.submit(request.params.token, request.body))),
  );
  open.post(
    '/pre-shift/:token/checks/:id/photo',
    {
      schema: {
        tags: ['pre-shift-checks'],
        summary: `Open: a photo added to the check just sent through the same link (multipart, one JPEG, PNG or WebP picture of at most ${CHECK_PHOTO_MAX_BYTES / 1024 / 1024} MB; once, within ${CHECK_PHOTO_MINUTES} minutes)`,
        params: checkPhotoParams,
        consumes: ['multipart/form-data'],
        response: {
          201: envelope(checkPhotoAnswerSchema),
          409: apiErrorSchema.meta({
            description:
              'The check has its photo already, is older than the time allowed, or is of another vehicle',
          }),
        },
      },
    },
    async (request, reply) => {
      const answer = await checks.addPhoto(request.params.token, request.params.id, () =>
        readUpload(request, checkPhotoUpload),
      );
      return reply.status(201).send(ok(answer));
    },
  );
});

// The phone page's photo is an upload: the module's routes stand in a scope with the multipart parser.
export const registerPreShiftChecks = uploadingModule(preShiftRoutes);
