// The vehicle vendor screens, loaded together on first use (routes/screens.ts).
export { ManufacturerFormPage } from './ManufacturerFormPage';
export { ManufacturersPage } from './ManufacturersPage';
