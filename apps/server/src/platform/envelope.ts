// Every answer is {data, message, code}. Successful handlers return ok(data); errors of every
// origin (ApiError, zod validation of body/query/params, Fastify's own 404/413/parse errors and
// its URL errors before routing, a broken upload, anything unexpected) become the same envelope
// here, translated into the request's language, with field-level messages for validation. An
// unexpected error is logged whole and answered without its details.
import { ERRORS, type ErrorKey, type FieldError, issueKey, SUCCESS_CODE } from '@fleetlens/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from './errors.ts';
import { requestLanguage, translate } from './i18n.ts';

export function ok<T>(data: T, message = 'success') {
  return { data, message, code: SUCCESS_CODE };
}

/**
 * Answers ok(data) where one array field of data arrives as JSON text already (a vehicle-day of
 * positions that PostgreSQL wrote as JSON): the rest of data goes through `schema` as every
 * answer does (checked, unknown keys dropped), and the text is spliced in as `field`, so tens of
 * thousands of items are neither parsed, nor walked by zod, nor written out a second time. The
 * route keeps its full response schema for the API document and the tests.
 */
export function sendOkWithJsonArray<S extends z.ZodObject>(
  reply: FastifyReply,
  schema: S,
  data: z.output<S>,
  field: string,
  arrayJson: string,
): FastifyReply {
  const rest = JSON.stringify(z.encode(schema, data));
  const separator = rest === '{}' ? '' : ',';
  const { message, code } = ok(null);
  // A Buffer, so Fastify need not measure a megabyte string's UTF-8 length before sending it.
  const body = Buffer.concat([
    Buffer.from(`{"data":${rest.slice(0, -1)}${separator}${JSON.stringify(field)}:`),
    Buffer.from(arrayJson),
    Buffer.from(`},"message":${JSON.stringify(message)},"code":${code}}`),
  ]);
  return reply.type('application/json; charset=utf-8').send(body);
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  key: ErrorKey,
  extra: { messageKey?: string; params?: Record<string, unknown>; fields?: FieldError[]; data?: object },
) {
  const lang = requestLanguage(request.headers['accept-language']);
  const message = translate(lang, 'errors', extra.messageKey ?? key, extra.params);
  const { status, code } = ERRORS[key];
  return reply.status(status).send({
    data: { message, errorKey: extra.messageKey ?? key, fields: extra.fields, ...extra.data },
    message,
    code,
  });
}

const STATUS_KEYS: Record<number, ErrorKey> = {
  400: 'validation',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  413: 'payloadTooLarge',
  415: 'validation',
  429: 'tooManyRequests',
};

/**
 * An upload the multipart parser could not read: no boundary, cut short, a broken part header.
 * The parser throws plain errors for these, so they are known by where they were thrown.
 */
function isBrokenUpload(error: FastifyError, request: FastifyRequest): boolean {
  if (!request.isMultipart?.()) return false;
  return error.code === 'FST_MP_PREMATURE_CLOSE' || (!error.statusCode && /busboy/.test(error.stack ?? ''));
}

/**
 * Fastify's `frameworkErrors`: a path that does not decode or a path parameter past its length,
 * found before routing (so before the error handler), answered in the same envelope.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code !== 'FST_ERR_BAD_URL' && error.code !== 'FST_ERR_MAX_PARAM_LENGTH') {
    request.log.error({ err: error }, 'unexpected error');
    return send(request, reply, 'internal', {});
  }
  request.log.info({ err: { message: error.message, code: error.code } }, 'bad url');
  // A parameter too long for any record's id names none; an address that does not decode is bad.
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(request, reply, 'notFound', {});
  return send(request, reply, 'validation', { messageKey: 'badUrl' });
}

export function registerEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = requestLanguage(request.headers['accept-language']);
    if (error instanceof ApiError) {
      // A field's key is a validation rule, or an error of the catalogue (e.g. stkUserInUse).
      const fields = error.options.fields?.map((f) => {
        const asRule = translate(lang, 'validation', f.key, f.params);
        return { ...f, message: asRule === f.key ? translate(lang, 'errors', f.key, f.params) : asRule };
      });
      return send(request, reply, error.key, {
        messageKey: error.options.messageKey,
        params: error.options.params,
        fields,
        data: error.options.data,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path names a record: one its parameters cannot name (`/events/abc`) is not there, as a
      // record that was deleted is; a form's "check the highlighted fields" would point at none.
      if (error.validationContext === 'params') return send(request, reply, 'notFound', {});
      const fields: FieldError[] = error.validation.map((v) => {
        const { key, params } = issueKey({ ...v.params, code: v.keyword, message: v.message });
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const where = error.validationContext === 'body' ? path : `${error.validationContext}.${path}`;
        const field = where.replace(/\.$/, '') || String(error.validationContext);
        return { field, key, params, message: translate(lang, 'validation', key, params) };
      });
      return send(request, reply, 'validation', { fields });
    }
    if (isBrokenUpload(error, request)) {
      request.log.info({ err: { message: error.message, code: error.code } }, 'broken upload');
      return send(request, reply, 'validation', { messageKey: 'malformedUpload' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unexpected error');
      return send(request, reply, 'internal', {});
    }
    // Fastify's own client errors: bad JSON, wrong content type, body too large...
    request.log.info({ err: { message: error.message, code: error.code } }, 'client error');
    return send(request, reply, STATUS_KEYS[status] ?? 'validation', {});
  });

  app.setNotFoundHandler((request, reply) => send(request, reply, 'notFound', {}));
}
