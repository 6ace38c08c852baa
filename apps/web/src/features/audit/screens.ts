// The audit-log screen, loaded on first use (routes/screens.ts).
import { screensOf } from '../../routes/screenTypes';
import { AuditLogPage } from './AuditLogPage';

/** The screens: each page with the route names that show it. */
export const screens = screensOf([AuditLogPage, 'auditLog']);
