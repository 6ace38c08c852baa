// Route name → lazily loaded screen. A route whose screen is not built yet shows the
// "coming in a later release" page; screens register here as their issues land.
import type { RouteDef } from '@fleetlens/contracts';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type Screen = LazyExoticComponent<ComponentType>;

const customers = () => import('../features/customers/screens');
const roles = () => import('../features/roles/screens');
const notices = () => import('../features/notifications/screens');
const users = () => import('../features/users/screens');

export const screens: Record<string, Screen> = {
  customers: lazy(() => customers().then((m) => ({ default: m.CustomersPage }))),
  customerNew: lazy(() => customers().then((m) => ({ default: m.CustomerFormPage }))),
  customerEdit: lazy(() => customers().then((m) => ({ default: m.CustomerFormPage }))),
  customerLiveSettings: lazy(() => customers().then((m) => ({ default: m.LiveSettingsPage }))),
  roles: lazy(() => roles().then((m) => ({ default: m.RolesPage }))),
  roleNew: lazy(() => roles().then((m) => ({ default: m.RoleFormPage }))),
  roleEdit: lazy(() => roles().then((m) => ({ default: m.RoleFormPage }))),
  notifications: lazy(() => notices().then((m) => ({ default: m.CurrentNoticesPage }))),
  notificationsExpired: lazy(() => notices().then((m) => ({ default: m.ExpiredNoticesPage }))),
  notificationNew: lazy(() => notices().then((m) => ({ default: m.NoticeFormPage }))),
  notificationEdit: lazy(() => notices().then((m) => ({ default: m.NoticeFormPage }))),
  users: lazy(() => users().then((m) => ({ default: m.UsersPage }))),
  userNew: lazy(() => users().then((m) => ({ default: m.UserFormPage }))),
  userEdit: lazy(() => users().then((m) => ({ default: m.UserFormPage }))),
  userLoginDevice: lazy(() => users().then((m) => ({ default: m.LoginDevicesPage }))),
};

export const ComingSoonScreen = lazy(() =>
  import('./ComingSoonPage').then((m) => ({ default: m.ComingSoonPage })),
);

export function screenFor(route: RouteDef): Screen {
  const screen = route.built === false ? undefined : screens[route.name];
  return screen ?? ComingSoonScreen;
}
