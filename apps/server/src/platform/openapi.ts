// The OpenAPI 3.1 document, generated from the same zod schemas that validate the calls, at
// /api/docs (viewer) and /api/docs/json. Bearer tokens are the embedded realm's or an OIDC_ISSUERS'.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PRODUCT_NAME } from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        version,
        description:
          'Every answer is {data, message, code}; code 20000 is success. Errors carry a translated ' +
          'message in data.message and field-level problems in data.fields.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: (route) => {
      const { schema, url } = jsonSchemaTransform(route);
      const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
      // An upload's fields are read from the stream by its handler; say at least what it takes.
      if (consumes.includes('multipart/form-data') && !schema.body)
        return { schema: { ...schema, body: { type: 'object' } }, url };
      return { schema, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
