// The user-management screens, loaded together on first use (routes/screens.ts).
import type { FeatureScreens } from '../../routes/screenTypes';
import { LoginDevicesPage } from './LoginDevicesPage';
import { LoginHistoryPage } from './LoginHistoryPage';
import { UserFormPage } from './UserFormPage';
import { UsersPage } from './UsersPage';

export { LoginDevicesPage, LoginHistoryPage, UserFormPage, UsersPage };

/** The screens by the route name that shows each. */
export const screens = {
  users: UsersPage,
  userNew: UserFormPage,
  userEdit: UserFormPage,
  userLoginDevice: LoginDevicesPage,
  userLoginHistory: LoginHistoryPage,
} satisfies FeatureScreens;
