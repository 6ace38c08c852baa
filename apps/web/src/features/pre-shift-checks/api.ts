// The pre-shift check calls (server modules/pre-shift-checks) and their query keys: the checklists
// (a described resource), the checks answered, a vehicle's check link, the vehicles driven today
// without a check, and the phone page's two open calls (no console user: no token).
import {
  type Check,
  type CheckForm,
  type CheckLink,
  type CheckListQuery,
  type CheckResult,
  type CheckSubmit,
  type checkListQuerySchema,
  checkTemplateResource,
  type ListParamsOf,
  type UncheckedVehicles,
} from '@fleetlens/contracts';
import { api, fetchObjectUrl } from '../../api/client';
import { resourceApi } from '../../api/resource';

export const checkTemplates = resourceApi(checkTemplateResource);

export type CheckListParams = ListParamsOf<typeof checkListQuerySchema>;
export type { CheckListQuery };
/** The checks answered: a list only (they are written by the phone page). */
export const checks = resourceApi<Check, CheckListParams>('/pre-shift-checks');

export const preShiftKeys = {
  link: (vehicleId: string) => ['pre-shift-checks', 'link', vehicleId] as const,
  unchecked: (timeZone: string) => ['pre-shift-checks', 'unchecked', timeZone] as const,
  form: (token: string) => ['pre-shift', token] as const,
};

export const fetchCheckLink = (vehicleId: string) =>
  api.get<CheckLink>(`/vehicles/${encodeURIComponent(vehicleId)}/pre-shift-link`);
export const fetchUnchecked = (timeZone: string) =>
  api.get<UncheckedVehicles>(`/pre-shift-checks/unchecked?tz=${encodeURIComponent(timeZone)}`);

const openPath = (token: string) => `/pre-shift/${encodeURIComponent(token)}`;
/** The phone page's checklist; its refusals are shown on the page (quiet: no toast). */
export const fetchCheckForm = (token: string) =>
  api.get<CheckForm>(openPath(token), { anonymous: true, quiet: true });
export const submitCheck = (token: string, body: CheckSubmit) =>
  api.post<CheckResult>(openPath(token), body, { anonymous: true, quiet: true });

/** The photo the operator adds to the check just sent, through the same link. */
export function submitCheckPhoto(token: string, checkId: string, photo: File) {
  const form = new FormData();
  form.append('file', photo);
  return api.post<{ id: string; has_photo: boolean }>(
    `${openPath(token)}/checks/${encodeURIComponent(checkId)}/photo`,
    form,
    { anonymous: true, quiet: true, timeoutMs: 120_000 },
  );
}

/** A check's photo, as an object URL (revoked by the caller). */
export const fetchCheckPhoto = (checkId: string) =>
  fetchObjectUrl(`/pre-shift-checks/${encodeURIComponent(checkId)}/photo`);
