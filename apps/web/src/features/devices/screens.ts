// The devices screens, loaded together on first use (routes/screens.ts).
export { DeviceDetailsPage } from './DeviceDetailsPage';
export { DeviceFormPage } from './DeviceFormPage';
export { DevicesPage } from './DevicesPage';
