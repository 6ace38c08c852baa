// The pre-shift check screens, loaded together on first use (routes/screens.ts): the checklists
// (a described resource) and the checks answered. The phone page is not a console screen: it is
// reached without signing in (routes/AppRoutes.tsx).
import { checkTemplateResource } from '@fleetlens/contracts';
import { resourceScreens } from '../../routes/screenTypes';
import { ChecksPage } from './ChecksPage';
import { TemplateFormPage } from './TemplateFormPage';
import { TemplatesPage } from './TemplatesPage';

/** The screens: each page with the route names that show it. */
export const screens = {
  ...resourceScreens(checkTemplateResource, { list: TemplatesPage, form: TemplateFormPage }),
  preShiftChecks: ChecksPage,
};
