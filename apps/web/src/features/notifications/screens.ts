// The notice screens, loaded together on first use (routes/screens.ts).
export { NoticeFormPage } from './NoticeFormPage';
export { CurrentNoticesPage, ExpiredNoticesPage } from './NoticesPage';
