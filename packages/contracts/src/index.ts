// The public surface of @fleetlens/contracts. Each area re-exports its own module here.
export * from './access/roles.ts';
export * from './access/routes.ts';
export * from './api/errors.ts';
export * from './api/platform.ts';
export * from './customers/customers.ts';
export * from './format/numbers.ts';
export * from './format/time.ts';
export * from './format/video.ts';
export * from './notifications/notifications.ts';
export * from './roles/roles.ts';
export * from './shell/constants.ts';
export * from './shell/i18n.ts';
export * from './users/users.ts';
export * from './validation/fields.ts';
