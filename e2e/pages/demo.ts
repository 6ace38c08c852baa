// The demo accounts' password (the server creates the accounts on first start, apps/server/src/
// modules/demo/seed.ts; their roles are test.ts's SHARED_ROLES and the contracts' DEMO_SIDEBARS).
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Fleet#2026';
