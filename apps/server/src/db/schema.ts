// Drizzle mirror of migrations/*.sql. The SQL files are the truth (reviewed, forward only);
// schema.test.ts fails when this file and the migrated database disagree.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const customers = pgTable('customers', {
  id: uuid('id').primaryKey().defaultRandom(),
  parentId: uuid('parent_id'),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  stkUser: text('stk_user').notNull(),
  realm: text('realm').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  isProvider: boolean('is_provider').notNull().default(false),
  documentUrl: text('document_url'),
  functions: text('functions').array().notNull().default(sql`'{}'`),
  downloadTypes: text('download_types').array().notNull().default(sql`'{}'`),
  liveContinuousSeconds: integer('live_continuous_seconds').notNull().default(300),
  liveMonthlyMaxSeconds: integer('live_monthly_max_seconds').notNull().default(36000),
  liveRemainingSeconds: integer('live_remaining_seconds').notNull().default(36000),
  withProviderRegistration: boolean('with_provider_registration').notNull().default(false),
  staging: boolean('staging').notNull().default(false),
  autoAddGroup: boolean('auto_add_group').notNull().default(false),
  randomVideoMaxSeconds: integer('random_video_max_seconds').notNull().default(60),
  batchProcess: boolean('batch_process').notNull().default(false),
  highPrecisionGps: boolean('high_precision_gps').notNull().default(false),
  syncRfid: boolean('sync_rfid').notNull().default(false),
  copyData: boolean('copy_data').notNull().default(false),
  syncOtherSystem: boolean('sync_other_system').notNull().default(false),
  forceMfa: boolean('force_mfa').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const roles = pgTable('roles', {
  id: uuid('id').primaryKey().defaultRandom(),
  customerId: uuid('customer_id').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  privileges: text('privileges').array().notNull().default(sql`'{}'`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  customerId: uuid('customer_id').notNull(),
  roleId: uuid('role_id'),
  username: text('username').notNull(),
  email: text('email').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  sysRole: text('sys_role').notNull().$type<'admin' | 'support' | 'sales' | 'kitting' | 'user'>(),
  isManager: boolean('is_manager').notNull().default(false),
  downloadRole: text('download_role').notNull().default('none').$type<'none' | 'request' | 'download'>(),
  enabled: boolean('enabled').notNull().default(true),
  passwordHash: text('password_hash'),
  failedLoginCount: integer('failed_login_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  loginDeviceLimit: integer('login_device_limit'),
  openedNotificationAt: timestamp('opened_notification_at', { withTimezone: true }),
  notifyAccelerate: boolean('notify_accelerate').notNull().default(false),
  notifyDecelerate: boolean('notify_decelerate').notNull().default(false),
  notifyImpact: boolean('notify_impact').notNull().default(false),
  notifyHandle: boolean('notify_handle').notNull().default(false),
  notifyDashboard: boolean('notify_dashboard').notNull().default(false),
  notifyMaintain: boolean('notify_maintain').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const loginHistory = pgTable('login_history', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  customerId: uuid('customer_id').notNull(),
  userId: uuid('user_id').notNull(),
  succeeded: boolean('succeeded').notNull(),
  reason: text('reason'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const loginDevices = pgTable('login_devices', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  customerId: uuid('customer_id').notNull(),
  userId: uuid('user_id').notNull(),
  deviceId: text('device_id').notNull(),
  sessionState: text('session_state'),
  userAgent: text('user_agent'),
  ip: text('ip'),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

export const notifications = pgTable('notifications', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: varchar('title', { length: 80 }).notNull(),
  description: text('description').notNull(),
  type: text('type').notNull().$type<'maintenance' | 'disruption' | 'manual' | 'release' | 'other'>(),
  isPublishToAll: boolean('is_publish_to_all').notNull().default(false),
  publishDate: timestamp('publish_date', { withTimezone: true }).notNull(),
  expireDate: timestamp('expire_date', { withTimezone: true }).notNull(),
  releaseNoteUrlText: text('release_note_url_text'),
  releaseNoteUrl: text('release_note_url'),
  externalUrlText: text('external_url_text'),
  externalUrl: text('external_url'),
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const notificationDestinations = pgTable(
  'notification_destinations',
  {
    notificationId: uuid('notification_id').notNull(),
    customerId: uuid('customer_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.customerId] })],
);

export const manuals = pgTable('manuals', {
  id: uuid('id').primaryKey().defaultRandom(),
  version: text('version').notNull(),
  fileKey: text('file_key').notNull(),
  fileName: text('file_name').notNull(),
  createdAt: createdAt(),
});

export const errorLogs = pgTable('error_logs', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  customerId: uuid('customer_id'),
  userId: uuid('user_id'),
  error: text('error').notNull(),
  component: text('component'),
  info: text('info'),
  url: text('url'),
  createdAt: createdAt(),
});

export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
);

export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

export const loginDeviceResets = pgTable('login_device_resets', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  customerId: uuid('customer_id').notNull(),
  userId: uuid('user_id').notNull(),
  resetBy: uuid('reset_by'),
  removed: integer('removed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
