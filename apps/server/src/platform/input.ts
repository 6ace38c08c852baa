// The text a request may carry, checked once for the whole server: no control character and no
// lone surrogate (the contracts' isCleanText) in the URL, in any string or key of a body, or in
// the identity realm's forms. PostgreSQL cannot store NUL, so such a value used to surface as a
// 500 from deep inside whichever handler wrote it; the other controls are escapes that no screen,
// export or log should replay. The answer is a 400 naming the field, in the caller's language.
import type { IncomingMessage } from 'node:http';
import { isCleanText } from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.ts';

/** A raw or percent-encoded control character in a URL, where even tab and line feed have no use. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
const URL_CONTROL = /[\u0000-\u001f\u007f]|%[01][0-9a-f]|%7f|%c2%[89][0-9a-f]/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The realm's forms are small (the provider itself takes at most 56 kB). */
const REALM_FORM_LIMIT = 64 * 1024;
/** Enough to name the fields at fault without walking a whole large body for the answer. */
const MAX_REPORTED = 20;

/** Dotted paths of the strings and keys in `value` that are not clean text; a walk without recursion. */
export function uncleanFields(value: unknown, root = ''): string[] {
  const found: string[] = [];
  const stack: [string, unknown][] = [[root, value]];
  while (stack.length > 0 && found.length < MAX_REPORTED) {
    const [path, item] = stack.pop() as [string, unknown];
    if (typeof item === 'string') {
      if (!isCleanText(item)) found.push(path);
    } else if (item !== null && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      for (const [key, child] of Object.entries(item)) {
        const at = path ? `${path}.${key}` : key;
        if (!isCleanText(key)) found.push(at);
        else stack.push([at, child]);
      }
    }
  }
  return found;
}

const refused = (fields: string[]) =>
  new ApiError('validation', { fields: fields.map((field) => ({ field, key: 'controlCharacter' })) });

/** Throws the 400 for text that is not clean: one field per place, keyed 'controlCharacter'. */
export function assertCleanText(value: unknown, root = ''): void {
  const fields = uncleanFields(value, root);
  if (fields.length > 0) throw refused(fields.map((field) => field || 'body'));
}

/** The names of a form's or query's pairs that hold a control character ('key' for a bad name). */
const uncleanPairs = (pairs: URLSearchParams, unclean: (text: string) => boolean) =>
  [...pairs].filter(([k, v]) => unclean(k) || unclean(v)).map(([k]) => (unclean(k) ? 'key' : k));

/** The 400 for a URL with a control character, naming the query parameter when it is one. */
function assertCleanUrl(url: string): void {
  if (!URL_CONTROL.test(url)) return;
  const query = new URLSearchParams(url.split('?').slice(1).join('?'));
  const fields = uncleanPairs(query, (text) => CONTROL.test(text)).map((name) => `query.${name}`);
  throw refused(fields.length > 0 ? fields : ['path']);
}

/**
 * Reads a request body ahead of its consumer and puts it back (unshift), so that the identity
 * provider, which reads the stream itself, finds it whole. Needs the body's length: a stream does
 * not say it has ended before its 'end' event, and after that nothing can be put back.
 */
function peekBody(raw: IncomingMessage, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (error?: Error) => {
      raw.off('readable', onReadable).off('error', settle).off('end', onEnd).off('close', onEnd);
      if (error) return reject(error);
      const body = Buffer.concat(chunks, size);
      raw.unshift(body);
      resolve(body);
    };
    // Ended or gone before its announced length: no whole form to hand on.
    const onEnd = () => settle(new ApiError('validation'));
    function onReadable() {
      for (let chunk = raw.read() as Buffer | null; chunk !== null; chunk = raw.read() as Buffer | null) {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= length) return settle();
      }
    }
    raw.on('readable', onReadable).on('error', settle).on('end', onEnd).on('close', onEnd);
  });
}

/**
 * Registers the checks. Call it before anything that reads a request: the URL is checked before
 * routing (the realm's provider is mounted as middleware and has no route), bodies once parsed
 * and past the route's guard, and the realm's forms by reading them ahead of the provider.
 */
export function registerInputGuard(app: FastifyInstance, realmPath: string | undefined): void {
  app.addHook('onRequest', async (request) => {
    assertCleanUrl(request.url);
    if (!realmPath || request.method !== 'POST' || !request.url.startsWith(`${realmPath}/`)) return;
    if (!/^application\/x-www-form-urlencoded/i.test(request.headers['content-type'] ?? '')) return;
    const length = Number(request.headers['content-length']);
    if (!Number.isInteger(length) || length <= 0 || length > REALM_FORM_LIMIT) return;
    const form = new URLSearchParams((await peekBody(request.raw, length)).toString('utf8'));
    const fields = uncleanPairs(form, (text) => !isCleanText(text));
    if (fields.length > 0) throw refused(fields);
  });
  app.addHook('preHandler', async (request) => {
    assertCleanText(request.body);
  });
}
