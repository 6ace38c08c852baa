// The custom-role screens, loaded together on first use (routes/screens.ts).
import { screensOf } from '../../routes/screenTypes';
import { RoleFormPage } from './RoleFormPage';
import { RolesPage } from './RolesPage';

/** The screens: each page with the route names that show it. */
export const screens = screensOf([RolesPage, 'roles'], [RoleFormPage, 'roleNew', 'roleEdit']);
