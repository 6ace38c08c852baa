// The user routes that assign access: create a user, edit another user, edit oneself. Every
// combination of company, system role, custom role, representative flag and download role is
// tried; and every other user's password is changed, which takes over their access.
import { userResource } from '@fleetlens/contracts';
import { accessVariants, currentAccess, type EscalationWalk } from '../escalation.ts';
import { resourceRoutes } from '../walks.ts';

const users = resourceRoutes(userResource, 'user');

const person = (n: number) => ({
  first_name: 'Esca',
  last_name: 'Lator',
  email: `esc${n}@escalation.example`,
});
const PASSWORD = 'Escal#ate2026';

export const walk: EscalationWalk = {
  attempts(world, caller) {
    let n = 0;
    const next = () => {
      n += 1;
      return n;
    };
    const create = world.companies.flatMap((company) =>
      accessVariants(world, company).map((access) => ({
        route: users.create,
        url: users.url,
        body: { username: `esc${next()}`, password: PASSWORD, ...person(n), ...access },
      })),
    );
    const others = world.users.filter((u) => u.id !== caller.id);
    const takeOver = others.map((u) => ({
      route: users.update,
      url: users.urlOf(u.id),
      body: { ...person(next()), ...currentAccess(u) },
    }));
    // The weakest user of each company is given every access its company allows.
    const weakest = world.companies.flatMap((c) => {
      const victim = others.find((u) => u.customerId === c.id && u.username.startsWith('victim'));
      return victim ? [{ victim, company: c }] : [];
    });
    const raise = weakest.flatMap(({ victim, company }) =>
      accessVariants(world, company).map((access) => ({
        route: users.update,
        url: users.urlOf(victim.id),
        body: { ...person(next()), ...access },
      })),
    );
    // Oneself: every access of one's own company, and a move to every other company.
    const own = world.companies.find((c) => c.id === caller.customerId);
    const self = [
      ...(own ? accessVariants(world, own) : []),
      ...world.companies.filter((c) => c.id !== caller.customerId).map((c) => accessVariants(world, c)[0]),
    ].map((access) => ({
      route: users.update,
      url: users.urlOf(caller.id),
      body: { ...person(next()), ...access },
    }));
    return [...create, ...takeOver, ...raise, ...self];
  },
};
