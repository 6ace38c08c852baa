// Runtime errors in production (spec §8): kept in memory for the session and sent to the server.
import { postErrorLog } from '../api/platform';

export type ErrorLogEntry = { error: string; component?: string; info?: string; url: string };

export const errorLogs: ErrorLogEntry[] = [];
const MAX_ENTRIES = 100;

function text(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

export function logError(error: unknown, component?: string, info?: string): void {
  if (!import.meta.env.PROD) return;
  const entry: ErrorLogEntry = {
    error: text(error).slice(0, 4000),
    component: component?.slice(0, 500),
    info: (info ?? (error instanceof Error ? error.stack : undefined))?.slice(0, 8000),
    url: window.location.href.slice(0, 2000),
  };
  errorLogs.push(entry);
  if (errorLogs.length > MAX_ENTRIES) errorLogs.shift();
  // Never let logging itself raise a toast loop or an unhandled rejection.
  postErrorLog(entry).catch(() => undefined);
}

export function installErrorLog(): void {
  if (!import.meta.env.PROD) return;
  window.addEventListener('error', (event) =>
    logError(event.error ?? event.message, 'window', event.filename),
  );
  window.addEventListener('unhandledrejection', (event) => logError(event.reason, 'promise'));
}
