// The customers screens, loaded together on first use (routes/screens.ts).
export { CustomerFormPage } from './CustomerFormPage';
export { CustomersPage } from './CustomersPage';
export { LiveSettingsPage } from './LiveSettingsPage';
