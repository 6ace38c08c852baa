// The cases screens, loaded together on first use (routes/screens.ts).
export { CaseDetailPage } from './CaseDetailPage';
export { CaseDeviceDetailPage } from './CaseDeviceDetailPage';
export { CaseDevicePage } from './CaseDevicePage';
export { CaseFormPage } from './CaseFormPage';
export { CaseRegisterDevicePage } from './CaseRegisterDevicePage';
export { CaseSimPage } from './CaseSimPage';
export { CasesPage } from './CasesPage';
