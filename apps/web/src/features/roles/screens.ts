// The custom-role screens, loaded together on first use (routes/screens.ts).
import { roleResource } from '@fleetlens/contracts';
import { resourceScreens } from '../../routes/screenTypes';
import { RoleFormPage } from './RoleFormPage';
import { RolesPage } from './RolesPage';

/** The screens: each page with the route names that show it. */
export const screens = resourceScreens(roleResource, { list: RolesPage, form: RoleFormPage });
