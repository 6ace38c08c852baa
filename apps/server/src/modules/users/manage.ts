// The user screens' calls (console spec §7): list (with e-mail filter), one user with its login
// history, create, edit, delete, and the login history. The rules are in service.ts (who gives
// which access: assignments.ts).
import { listPageSchema, listQuerySchema, userDetailSchema, userResource } from '@fleetlens/contracts';
import { idParams, op, resource, routeModule } from '../../platform/routes.ts';
import { registerLoginHistories } from './history.ts';
import { userService } from './service.ts';

export const registerUserDirectory = routeModule(['users'], async (route, platform, app) => {
  const users = userService(platform.database, platform.hub);
  await registerLoginHistories(app, platform, users);

  resource(route, userResource, {
    service: users,
    list: {
      summary: 'Users the caller may see, paged (filter: name, username or e-mail; email: e-mail only)',
    },
    // Everyone signed in: a user reads and edits their own profile; the service decides the rest.
    get: { rule: {}, summary: 'One user with the latest sign-ins' },
    create: { summary: 'Create a user' },
    edit: { rule: {}, summary: 'Edit a user (their own profile, or others with user:edit)' },
    remove: { summary: 'Delete a user' },
  });
  route.get(
    '/users/:id/login-history',
    op('userLoginHistory', "A user's sign-ins, newest first", {
      params: idParams,
      query: listQuerySchema,
      reply: listPageSchema(userDetailSchema.shape.login_history.element),
    }),
    ({ access, params, query }) => users.loginHistory(access, params.id, query),
  );
});
