// The audit-log screen, loaded on first use (routes/screens.ts).
import type { FeatureScreens } from '../../routes/screenTypes';
import { AuditLogPage } from './AuditLogPage';

export { AuditLogPage };

/** The screens by the route name that shows each. */
export const screens = {
  auditLog: AuditLogPage,
} satisfies FeatureScreens;
