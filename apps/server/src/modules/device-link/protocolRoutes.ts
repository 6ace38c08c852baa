// The device protocol's published documents (protocol.ts), open to anyone without a token: a
// firmware writer or their tools (AsyncAPI Studio, code generators, JSON Schema validators) read
// them before they hold any account. They say nothing a device maker is not meant to know.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { commandTriggers } from './commandTriggers.ts';
import { asyncApiDocument, brokerAddress, PROTOCOL_CHANNELS, schemaFile } from './protocol.ts';

/** A JSON document passed as generated (protocol.ts builds and protocol.test.ts checks it). */
const jsonDocument = z.record(z.string(), z.unknown());
const SCHEMA_FILES = PROTOCOL_CHANNELS.map((c) => `${c}.json`) as [string, ...string[]];

export function registerDeviceProtocol(app: FastifyInstance, config: Config): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['device-link'];
  // Generated once: the schemas and the broker's address do not change while the server runs.
  const document = asyncApiDocument({
    version: config.APP_VERSION,
    broker: brokerAddress(config),
    triggers: commandTriggers(config),
  });
  const files = new Map(PROTOCOL_CHANNELS.map((c) => [`${c}.json`, schemaFile(c, config.publicUrl)]));

  routes.get(
    '/device-protocol/asyncapi.json',
    {
      schema: {
        tags,
        summary: 'Public: the device link as an AsyncAPI 3.0 document (topics, messages, credentials)',
        response: { 200: jsonDocument },
      },
    },
    async (_request, reply) => {
      // Public and the same for everyone: other sites' tools may read it too.
      reply.header('access-control-allow-origin', '*').header('cache-control', 'public, max-age=300');
      return document;
    },
  );

  routes.get(
    '/device-protocol/schemas/:file',
    {
      schema: {
        tags,
        summary: "Public: one device message's payload as JSON Schema (draft-07), with an example",
        params: z.object({ file: z.enum(SCHEMA_FILES) }),
        // Sent as what it is, a JSON Schema, so validators and editors recognise it.
        response: {
          200: {
            description: 'The JSON Schema',
            content: { 'application/schema+json': { schema: jsonDocument } },
          },
        },
      },
    },
    async (request, reply) => {
      reply
        .type('application/schema+json')
        .header('access-control-allow-origin', '*')
        .header('cache-control', 'public, max-age=300');
      return files.get(request.params.file);
    },
  );
}
