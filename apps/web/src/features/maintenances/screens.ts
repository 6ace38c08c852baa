// The maintenance screens, loaded together on first use (routes/screens.ts).
import { maintenanceItemResource, maintenanceResource } from '@fleetlens/contracts';
import { resourceScreens } from '../../routes/screenTypes';
import { AssignmentFormPage } from './AssignmentFormPage';
import { CommentsPage } from './CommentsPage';
import { ConfirmPage } from './ConfirmPage';
import { ExecutePage } from './ExecutePage';
import { MaintenanceFormPage } from './MaintenanceFormPage';
import { MaintenancesPage } from './MaintenancesPage';
import { MastersPage } from './MastersPage';
import { PlanVehiclesPage } from './PlanVehiclesPage';

/** The screens: each page with the route names that show it. */
export const screens = {
  ...resourceScreens(maintenanceResource, { list: MaintenancesPage, form: MaintenanceFormPage }),
  ...resourceScreens(maintenanceItemResource, { list: MastersPage }),
  maintenanceVehicles: PlanVehiclesPage,
  maintenanceVehicleNew: AssignmentFormPage,
  maintenanceVehicleEdit: AssignmentFormPage,
  maintenanceComment: CommentsPage,
  maintenanceConfirm: ConfirmPage,
  maintenanceExecute: ExecutePage,
};
