// The platform calls shared by the web app and the server: their bodies and answers (inside
// the {data, message, code} envelope). The server validates with these; the web types with them.
import { z } from 'zod';
import type { DeviceLiveMessage } from '../device-link/live.ts';
import type { EventLiveMessage } from '../events/events.ts';
import { DEVICE_ID_LENGTH } from '../shell/constants.ts';

export const SYS_ROLE_VALUES = ['admin', 'support', 'sales', 'kitting', 'user'] as const;
export const DOWNLOAD_ROLE_VALUES = ['none', 'request', 'download'] as const;

/** GET /api/v1/config (public): what the web app needs before sign-in. */
export const publicConfigSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  version: z.string(),
  productTitle: z.string(),
  liveCameraEnabled: z.boolean().optional(),
  /** The map style (MapLibre style JSON URL); empty: the console's built-in offline style. */
  map_style_url: z.string().optional(),
  /** The console's own address (PUBLIC_URL): the identity realm sends the browser back only there. */
  consoleUrl: z.string().optional(),
  /** The origins the console may be opened at (PUBLIC_URL's and OIDC_REDIRECT_URIS'). */
  consoleOrigins: z.array(z.string()).optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** POST /api/v1/users/session-check: may this browser (DEVICE_ID) stay signed in? */
export const sessionCheckBodySchema = z.object({
  device_id: z.string().min(DEVICE_ID_LENGTH.min).max(DEVICE_ID_LENGTH.max),
  session_state: z.string().max(256).optional().nullable(),
});
export const sessionCheckAnswerSchema = z.object({ valid: z.boolean() });
export type SessionCheckBody = z.infer<typeof sessionCheckBodySchema>;

/** GET /api/v1/users/my: the signed-in user and the current manual. */
export const myUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  sys_role: z.enum(SYS_ROLE_VALUES),
  privileges: z.array(z.string()),
  functions: z.array(z.string()),
  is_manager: z.boolean(),
  download_role: z.enum(DOWNLOAD_ROLE_VALUES),
  customer: z.object({ id: z.string(), name: z.string(), document_url: z.string().nullable() }),
});
export const myAnswerSchema = z.object({
  user: myUserSchema,
  manual: z.object({ id: z.string(), version: z.string() }).nullable(),
});
export type MyUser = z.infer<typeof myUserSchema>;
export type MyAnswer = z.infer<typeof myAnswerSchema>;

/** GET /api/v1/notifications/unread-count */
export const unreadCountAnswerSchema = z.object({ unreadNotificationCount: z.number().int().min(0) });

/** POST /api/v1/error-logs: a runtime error the web app caught in production. */
export const errorLogBodySchema = z.object({
  error: z.string().min(1).max(4000),
  component: z.string().max(500).optional().nullable(),
  info: z.string().max(8000).optional().nullable(),
  url: z.string().max(2000).optional().nullable(),
});

/**
 * The live channel, GET /api/v1/live (WebSocket). The browser's first message authenticates;
 * the server answers `ready` and then pushes. A later `auth` (the same user's renewed token) keeps
 * the socket past the first token's expiry, silently. Close code 4401: not authenticated, token
 * expired without renewal, or the user deleted, disabled or of a disabled company.
 */
export const liveClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1) }),
  z.object({ type: z.literal('ping') }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

export type LiveServerMessage =
  | { type: 'ready' }
  | { type: 'pong' }
  | { type: 'unread-count'; data: { unreadNotificationCount: number } }
  /** The user's access changed (system role, role or its privileges, company functions): re-read it. */
  | { type: 'profile-changed' }
  | DeviceLiveMessage
  | EventLiveMessage;

export const LIVE_CLOSE_UNAUTHENTICATED = 4401;
export const LIVE_AUTH_TIMEOUT_MS = 10_000;
