// The cases screens, loaded together on first use (routes/screens.ts).
import { caseResource } from '@fleetlens/contracts';
import { resourceScreens, screensOf } from '../../routes/screenTypes';
import { CaseDetailPage } from './CaseDetailPage';
import { CaseDeviceDetailPage } from './CaseDeviceDetailPage';
import { CaseDevicePage } from './CaseDevicePage';
import { CaseFormPage } from './CaseFormPage';
import { CaseRegisterDevicePage } from './CaseRegisterDevicePage';
import { CaseSimPage } from './CaseSimPage';
import { CasesPage } from './CasesPage';

/** The screens: each page with the route names that show it. */
export const screens = {
  ...resourceScreens(caseResource, { list: CasesPage, form: CaseFormPage, detail: CaseDetailPage }),
  ...screensOf(
    [CaseRegisterDevicePage, 'caseRegisterDevice'],
    [CaseDeviceDetailPage, 'caseDeviceDetail'],
    [CaseDevicePage, 'caseDevice'],
    [CaseSimPage, 'caseSim'],
  ),
};
