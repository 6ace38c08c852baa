// The cases screens, loaded together on first use (routes/screens.ts).
import type { FeatureScreens } from '../../routes/screenTypes';
import { CaseDetailPage } from './CaseDetailPage';
import { CaseDeviceDetailPage } from './CaseDeviceDetailPage';
import { CaseDevicePage } from './CaseDevicePage';
import { CaseFormPage } from './CaseFormPage';
import { CaseRegisterDevicePage } from './CaseRegisterDevicePage';
import { CaseSimPage } from './CaseSimPage';
import { CasesPage } from './CasesPage';

export {
  CaseDetailPage,
  CaseDeviceDetailPage,
  CaseDevicePage,
  CaseFormPage,
  CaseRegisterDevicePage,
  CaseSimPage,
  CasesPage,
};

/** The screens by the route name that shows each. */
export const screens = {
  cases: CasesPage,
  caseNew: CaseFormPage,
  caseEdit: CaseFormPage,
  caseDetail: CaseDetailPage,
  caseRegisterDevice: CaseRegisterDevicePage,
  caseDeviceDetail: CaseDeviceDetailPage,
  caseDevice: CaseDevicePage,
  caseSim: CaseSimPage,
} satisfies FeatureScreens;
