// The custom-role screens, loaded together on first use (routes/screens.ts).
import type { FeatureScreens } from '../../routes/screenTypes';
import { RoleFormPage } from './RoleFormPage';
import { RolesPage } from './RolesPage';

export { RoleFormPage, RolesPage };

/** The screens by the route name that shows each. */
export const screens = {
  roles: RolesPage,
  roleNew: RoleFormPage,
  roleEdit: RoleFormPage,
} satisfies FeatureScreens;
