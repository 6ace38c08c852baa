// The notice screens, loaded together on first use (routes/screens.ts).
import type { FeatureScreens } from '../../routes/screenTypes';
import { NoticeFormPage } from './NoticeFormPage';
import { CurrentNoticesPage, ExpiredNoticesPage } from './NoticesPage';

export { CurrentNoticesPage, ExpiredNoticesPage, NoticeFormPage };

/** The screens by the route name that shows each. */
export const screens = {
  notifications: CurrentNoticesPage,
  notificationsExpired: ExpiredNoticesPage,
  notificationNew: NoticeFormPage,
  notificationEdit: NoticeFormPage,
} satisfies FeatureScreens;
