// The audit-log screen, loaded on first use (routes/screens.ts).

export { AuditLogPage } from './AuditLogPage';
