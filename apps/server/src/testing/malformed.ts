// Malformed variants of a request, generated from an operation of the OpenAPI document: for each
// parameter and body field the values an outside client sends by mistake or on purpose (wrong
// types, oversize strings, NUL and other control characters, impossible dates, prototype keys),
// and for each body the broken shapes (wrong content types, broken JSON and multipart). Used by
// platform/fuzz.test.ts; every variant must answer a 4xx, never a 5xx.

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema;
}

/** One request to send: the URL's path parameters and query, and the raw body with its type. */
export interface Variant {
  name: string;
  path?: Record<string, string>;
  query?: string;
  contentType?: string;
  payload?: string | Buffer;
}

/**
 * Strings no field may store as they are: each must be refused with a 400, or stored harmlessly.
 * The control characters travel together (C0, DEL, C1): the rule itself is tested one by one in
 * the contracts; here the question is only whether anything answers 5xx.
 */
export const BAD_STRINGS: [string, string][] = [
  ['NUL', 'a\u0000b'],
  ['control characters', 'a\u0007\u001b[2J\u007f\u0085b'],
  ['lone surrogate', 'a\ud800b'],
  ['oversize', 'x'.repeat(20_000)],
  ['__proto__', '__proto__'],
  ['impossible date', '2026-02-30'],
  ['impossible day and time', '2026-02-30 10:00:00'],
  ['impossible hour', '2026-02-28 24:30'],
];

/** Values of the wrong type for any field; numbers out of every column's range. */
const WRONG_TYPES: [string, unknown][] = [
  ['null', null],
  ['huge number', 1e308],
  ['array', ['a\u0000b']],
  // Parsed, so that __proto__ is a key of its own and not the literal's prototype.
  ['object', JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}')],
];
/** For fields that are no strings: numbers a range must stop, and a string. */
const WRONG_NUMBERS: [string, unknown][] = [
  ['negative', -1],
  ['fraction', 0.5],
  ['NUL string', 'a\u0000b'],
];

/** Raw URL values (already percent-encoded) for path and query parameters. */
const BAD_URL_VALUES: [string, string][] = [
  ['NUL', 'a%00b'],
  ['control characters', '%07%1B%7F%C2%85'],
  ['invalid UTF-8', '%FF%FE'],
  ['lone percent', '%'],
  ['oversize', 'x'.repeat(5000)],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['unknown name', 'zz_unknown'],
  ['impossible date', '2026-02-30'],
  ['impossible time', '2026-02-30%2010%3A00'],
  ['negative', '-1'],
  ['huge number', '1e999'],
  // Finite, so it passes a number's type check and reaches the range checks and what runs after them.
  ['huge finite number', '1e308'],
];
const BAD_PATH_VALUES: [string, string][] = [
  ...BAD_URL_VALUES.slice(0, 4),
  ['__proto__', '__proto__'],
  ['long', 'x'.repeat(300)],
  ['dot dot', '..'],
];

const typesOf = (schema: JsonSchema | undefined): string[] =>
  [schema?.type ?? [], ...(schema?.anyOf ?? []).map((s) => s.type ?? [])].flat();

/** Every (dotted path, value) of a body with one field replaced by a bad value, one level into objects. */
function fieldVariants(base: Record<string, unknown>, schema: JsonSchema | undefined): [string, object][] {
  const out: [string, object][] = [];
  const fields = new Set([...Object.keys(schema?.properties ?? {}), ...Object.keys(base)]);
  for (const field of fields) {
    const sub = schema?.properties?.[field];
    const strings = typesOf(sub).includes('string') || typeof base[field] === 'string';
    const values: [string, unknown][] = strings
      ? [...BAD_STRINGS, ...WRONG_TYPES]
      : [...WRONG_TYPES, ...WRONG_NUMBERS];
    if (typesOf(sub).includes('array') && typesOf(sub?.items).includes('string'))
      values.push(['[control characters]', [BAD_STRINGS[1]?.[1]]], ['[__proto__]', ['__proto__']]);
    for (const [name, value] of values) out.push([`${field}=${name}`, { ...base, [field]: value }]);
    const nested = base[field];
    if (nested && typeof nested === 'object' && !Array.isArray(nested))
      for (const [name, body] of fieldVariants(nested as Record<string, unknown>, sub).slice(0, 30))
        out.push([`${field}.${name}`, { ...base, [field]: body }]);
  }
  return out;
}

const json = (name: string, body: unknown): Variant => ({
  name,
  contentType: 'application/json',
  payload: JSON.stringify(body),
});

/** Broken JSON bodies: wrong shapes, broken text, prototype keys, bad bytes, too much. */
function jsonBodyVariants(base: Record<string, unknown>): Variant[] {
  const fields = JSON.stringify(base).slice(1);
  const rest = fields === '}' ? '}' : `,${fields}`;
  return [
    ...['[]', '"x"', 'null', '123', '{"a":', '', `{"a":${'['.repeat(5000)}`].map((payload) => ({
      name: `body ${payload.slice(0, 12) || 'empty'}`,
      contentType: 'application/json',
      payload,
    })),
    {
      name: 'body __proto__',
      contentType: 'application/json',
      payload: `{"__proto__":{"polluted":1}${rest}`,
    },
    {
      name: 'body constructor.prototype',
      contentType: 'application/json',
      payload: `{"constructor":{"prototype":{"polluted":1}}${rest}`,
    },
    { name: 'body NUL key', contentType: 'application/json', payload: `{"a\\u0000b":1${rest}` },
    {
      name: 'body invalid UTF-8',
      contentType: 'application/json',
      payload: Buffer.concat([
        Buffer.from('{"x":"'),
        Buffer.from([0xff, 0xfe, 0x00]),
        Buffer.from(`"${rest}`),
      ]),
    },
    { name: 'body oversize', contentType: 'application/json', payload: `{"x":"${'x'.repeat(1_100_000)}"}` },
    { name: 'text/plain', contentType: 'text/plain', payload: JSON.stringify(base) },
    { name: 'form', contentType: 'application/x-www-form-urlencoded', payload: 'a=%00&__proto__=1' },
    { name: 'unknown content type', contentType: 'application/x-fleetlens', payload: 'x' },
    { name: 'multipart in a JSON route', contentType: 'multipart/form-data', payload: 'x' },
  ];
}

const BOUNDARY = 'fuzzboundary';
/** A multipart body of text fields and an optional file. */
export function multipart(fields: Record<string, string>, file?: { name: string; data: string }): string {
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  if (file)
    parts.push(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: application/pdf\r\n\r\n${file.data}\r\n`,
    );
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}

/** Broken uploads: no boundary, truncated, bad text in fields and file names, prototype keys. */
function multipartVariants(base: Record<string, unknown>): Variant[] {
  const fields = Object.fromEntries(Object.entries(base).map(([k, v]) => [k, String(v)]));
  const pdf = { name: 'fuzz.pdf', data: '%PDF-1.4\n%%EOF\n' };
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  const whole = multipart(fields, pdf);
  const variants: Variant[] = [
    { name: 'multipart without boundary', contentType: 'multipart/form-data', payload: whole },
    { name: 'multipart truncated', contentType: type, payload: whole.slice(0, whole.length - 40) },
    { name: 'multipart cut in a header', contentType: type, payload: `--${BOUNDARY}\r\nContent-Disp` },
    { name: 'multipart wrong boundary', contentType: 'multipart/form-data; boundary=other', payload: whole },
    {
      name: 'multipart __proto__ field',
      contentType: type,
      payload: multipart(Object.fromEntries([...Object.entries(fields), ['__proto__', 'x']]), pdf),
    },
    {
      name: 'multipart file name NUL',
      contentType: type,
      payload: multipart(fields, { ...pdf, name: 'a\u0000.pdf' }),
    },
    json('JSON in a multipart route', base),
  ];
  for (const field of Object.keys(fields))
    for (const [name, value] of BAD_STRINGS)
      variants.push({
        name: `${field}=${name}`,
        contentType: type,
        payload: multipart({ ...fields, [field]: value }, pdf),
      });
  return variants;
}

/** Every malformed variant of one operation, given valid path values and a valid sample body. */
export function variantsOf(
  operation: {
    parameters?: Parameter[];
    requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  },
  sampleBody: Record<string, unknown> | undefined,
): Variant[] {
  const variants: Variant[] = [];
  for (const p of operation.parameters ?? []) {
    if (p.in === 'path')
      for (const [name, value] of BAD_PATH_VALUES)
        variants.push({ name: `{${p.name}}=${name}`, path: { [p.name]: value } });
    if (p.in === 'query') {
      for (const [name, value] of BAD_URL_VALUES)
        variants.push({ name: `${p.name}=${name}`, query: `${p.name}=${value}` });
      variants.push({ name: `${p.name} twice`, query: `${p.name}=a&${p.name}=b` });
    }
  }
  variants.push({ name: 'unknown query NUL', query: 'x%00=%00' });
  const content = operation.requestBody?.content ?? {};
  const base = sampleBody ?? {};
  if (content['multipart/form-data']) variants.push(...multipartVariants(base));
  else if (content['application/json']) {
    const schema = content['application/json'].schema;
    for (const [name, body] of fieldVariants(base, schema)) variants.push(json(name, body));
    variants.push(...jsonBodyVariants(base));
  }
  return variants;
}
