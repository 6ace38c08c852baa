// The notice screens, loaded together on first use (routes/screens.ts).
import { notificationResource } from '@fleetlens/contracts';
import { resourceScreens, screensOf } from '../../routes/screenTypes';
import { NoticeFormPage } from './NoticeFormPage';
import { CurrentNoticesPage, ExpiredNoticesPage } from './NoticesPage';

/** The screens: each page with the route names that show it. */
export const screens = {
  ...resourceScreens(notificationResource, { list: CurrentNoticesPage, form: NoticeFormPage }),
  ...screensOf([ExpiredNoticesPage, 'notificationsExpired']),
};
