import { DEVICE_ID_KEY } from '@fleetlens/contracts';
import { describe, expect, it } from 'vitest';
import { getDeviceId } from './deviceId';

describe('getDeviceId', () => {
  it('makes an id once and keeps it', () => {
    const id = getDeviceId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(getDeviceId()).toBe(id);
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(id);
  });

  it('keeps an id the server accepts, and replaces one it would refuse', () => {
    localStorage.setItem(DEVICE_ID_KEY, 'e2e-usual-browser-0001');
    expect(getDeviceId()).toBe('e2e-usual-browser-0001');
    localStorage.setItem(DEVICE_ID_KEY, 'short');
    const replaced = getDeviceId();
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(replaced);
  });
});
