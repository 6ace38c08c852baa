// The user-management screens, loaded together on first use (routes/screens.ts).

export { LoginDevicesPage } from './LoginDevicesPage';
export { LoginHistoryPage } from './LoginHistoryPage';
export { UserFormPage } from './UserFormPage';
export { UsersPage } from './UsersPage';
