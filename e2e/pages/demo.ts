// The demo accounts the server creates on first start (apps/server/src/modules/demo/seed.ts).
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Fleet#2026';

export const DEMO_ACCOUNTS = {
  admin: { username: 'admin', sysRole: 'admin' },
  support: { username: 'support', sysRole: 'support' },
  sales: { username: 'sales', sysRole: 'sales' },
  kitting: { username: 'kitting', sysRole: 'kitting' },
  manager: { username: 'manager', sysRole: 'user' },
  operator: { username: 'operator', sysRole: 'user' },
} as const;

export type DemoAccount = keyof typeof DEMO_ACCOUNTS;
