// The calls of the signed-in user (spec §7 "user calls" used by the shell): who am I, may this
// browser stay signed in, reset a user's browsers, mark the notices as seen; the rules are in
// account.service.ts. The users screens' calls are in manage.ts and history.ts.
import {
  loginDevicesAnswerSchema,
  myAnswerSchema,
  sessionCheckAnswerSchema,
  sessionCheckBodySchema,
} from '@fleetlens/contracts';
import { z } from 'zod';
import { idParams, op, routeModule } from '../../platform/routes.ts';
import { accountService, clientOf } from './account.service.ts';
import { registerUserDirectory } from './manage.ts';

export const registerUsers = routeModule(['users'], async (route, platform, app) => {
  const account = accountService(platform.database, platform.hub, platform.config);
  // Every signed-in user; whose browsers and notices they may touch is the service's rule.
  const signedIn = {};
  await registerUserDirectory(app, platform);

  route.get(
    '/users/my',
    op(signedIn, 'The signed-in user, their permissions and the current manual', { reply: myAnswerSchema }),
    ({ access }) => account.my(access),
  );
  route.post(
    '/users/session-check',
    op(signedIn, 'May this browser (DEVICE_ID) stay signed in? Counts it against the device limit', {
      body: sessionCheckBodySchema,
      reply: sessionCheckAnswerSchema,
    }),
    ({ access, body, request }) => account.sessionCheck(access, body, clientOf(request)),
  );
  route.get(
    '/users/:id/login-devices',
    op(signedIn, "A user's signed-in browsers and the latest resets (at most 5, with who reset)", {
      params: idParams,
      reply: loginDevicesAnswerSchema,
    }),
    ({ access, params }) => account.loginDevices(access, params.id),
  );
  route.delete(
    '/users/:id/devices',
    op(
      signedIn,
      "Reset a user's signed-in browsers (self, a representative, or who may open the login-devices page; an admin's only by an admin)",
      { params: idParams, reply: z.object({ removed: z.number().int() }) },
    ),
    ({ access, params }) => account.resetDevices(access, params.id),
  );
  route.put(
    '/users/:id/update-opened-notification-at',
    op(signedIn, 'The user opened the notices: the bell count starts again from now', {
      params: idParams,
      reply: z.object({ openedNotificationAt: z.string() }),
    }),
    ({ access, params }) => account.openedNotifications(access, params.id),
  );
});
