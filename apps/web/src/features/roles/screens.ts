// The custom-role screens, loaded together on first use (routes/screens.ts).
export { RoleFormPage } from './RoleFormPage';
export { RolesPage } from './RolesPage';
