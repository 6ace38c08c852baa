// Builds the whole server as one Fastify instance. main.ts listens on it; tests drive it with
// fastify.inject. Nothing here reads the environment: everything comes in through AppDeps.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
}

/** Every feature module exports one of these and app.ts registers it. */
export type ModulePlugin = (app: FastifyInstance, deps: AppDeps) => Promise<void>;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: deps.config.LOG_LEVEL } });
  // Platform pieces (envelope, errors, auth, OpenAPI, live channel, static web) and the feature
  // modules are registered here.
  await app.ready();
  return app;
}
