// The platform's device link: hooks held whichever module registers first, one provider, one signer.
import { describe, expect, it } from 'vitest';
import { createDeviceLink } from './deviceLink.ts';

describe('platform.deviceLink', () => {
  it('hands the hooks registered before and after the link is provided to it', async () => {
    const link = createDeviceLink();
    const batches: string[] = [];
    link.onCommitted((batch) => batches.push(`before ${batch.events.length}`));
    const sent: string[][] = [];
    const hooks = link.provide({
      url: 'mqtt://127.0.0.1:1',
      commands: { sendPending: async (pk) => void sent.push([pk]) },
      publish: undefined,
    });
    link.onCommitted((batch) => batches.push(`after ${batch.acks.length}`));
    link.onCommandsSent((ids) => sent.push(ids));
    hooks.committed({ positions: [], events: [{ eventId: 'e1' }], acks: ['c1', 'c2'] });
    hooks.sent(['c3']);
    await link.commands.sendPending('d1');
    expect(batches).toEqual(['before 1', 'after 2']);
    expect(sent).toEqual([['c3'], ['d1']]);
    expect(link.url).toBe('mqtt://127.0.0.1:1');
    expect(link.provided).toBe(true);
    expect(await link.publish('t', 'p')).toBe(false);
  });

  it('keeps commands waiting until the link is provided, and is provided once', async () => {
    const link = createDeviceLink();
    expect(link.provided).toBe(false);
    expect(link.url).toBeUndefined();
    await expect(link.commands.sendPending('d1')).resolves.toBeUndefined();
    const provided = { url: undefined, commands: { sendPending: async () => {} }, publish: undefined };
    link.provide(provided);
    expect(() => link.provide(provided)).toThrow(/twice/);
  });

  it('takes one signer of upload addresses, read when a command goes out', async () => {
    const link = createDeviceLink();
    const hooks = link.provide({
      url: undefined,
      commands: { sendPending: async () => {} },
      publish: undefined,
    });
    expect(hooks.signUpload).toBeUndefined();
    const expiresAt = new Date();
    link.signUploads(async (key) => ({ url: `https://up/${key}`, expiresAt }));
    expect(await hooks.signUpload?.('k', 'c')).toEqual({ url: 'https://up/k', expiresAt });
    expect(() => link.signUploads(async () => ({ url: '', expiresAt }))).toThrow(/signer/);
  });

  it('awaits each device-online listener in turn, whenever it registered', async () => {
    const link = createDeviceLink();
    const heard: string[] = [];
    link.onDeviceOnline(async (pk) => {
      await new Promise((r) => setTimeout(r, 20));
      heard.push(`first ${pk}`);
    });
    const hooks = link.provide({
      url: undefined,
      commands: { sendPending: async () => {} },
      publish: undefined,
    });
    link.onDeviceOnline(async (pk) => void heard.push(`second ${pk}`));
    await hooks.online('d1');
    expect(heard).toEqual(['first d1', 'second d1']);
  });
});
