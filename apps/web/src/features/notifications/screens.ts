// The notice screens, loaded together on first use (routes/screens.ts).
import { screensOf } from '../../routes/screenTypes';
import { NoticeFormPage } from './NoticeFormPage';
import { CurrentNoticesPage, ExpiredNoticesPage } from './NoticesPage';

/** The screens: each page with the route names that show it. */
export const screens = screensOf(
  [CurrentNoticesPage, 'notifications'],
  [ExpiredNoticesPage, 'notificationsExpired'],
  [NoticeFormPage, 'notificationNew', 'notificationEdit'],
);
