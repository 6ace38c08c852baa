// The user-management screens, loaded together on first use (routes/screens.ts).
import { userResource } from '@fleetlens/contracts';
import { resourceScreens, screensOf } from '../../routes/screenTypes';
import { LoginDevicesPage } from './LoginDevicesPage';
import { LoginHistoryPage } from './LoginHistoryPage';
import { UserFormPage } from './UserFormPage';
import { UsersPage } from './UsersPage';

export { LoginDevicesPage, LoginHistoryPage, UserFormPage, UsersPage };

/** The screens: each page with the route names that show it. */
export const screens = {
  ...resourceScreens(userResource, { list: UsersPage, form: UserFormPage }),
  ...screensOf([LoginDevicesPage, 'userLoginDevice'], [LoginHistoryPage, 'userLoginHistory']),
};
