// The jobs view: the provider's admins and support list every customer's jobs with filters and
// progress, cancel a running one and run it again; customers' users are refused; an ended job is
// neither cancelled nor (when completed) run again, with the catalogue's message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness.ts';

let h: Harness;
let release = () => {};
beforeAll(async () => {
  h = await startHarness();
  await h.queue.define<{ hold: boolean }>({
    name: 'test-view',
    retryLimit: 0,
    run: async (job) => {
      await job.progress(30, 'counting');
      if (!job.data.hold) return { done: true };
      await new Promise<void>((resolve, reject) => {
        release = resolve;
        job.signal.addEventListener('abort', () => reject(new Error('cancelled')), { once: true });
      });
      return { done: true };
    },
  });
});
afterAll(async () => h?.close());

const listed = async (query: string) => (await h.as('support').get(`/jobs?${query}`)).body.data;

describe('the jobs view', () => {
  it('lists jobs with their customer and progress, filters them, cancels one and runs it again', async () => {
    const harbor = await h.companyId('harbor');
    const quick = (await h.queue.enqueue(
      'test-view',
      { hold: false },
      { customerId: harbor, label: 'quick' },
    )) as string;
    await expect.poll(async () => (await h.queue.get(quick))?.state, { timeout: 15_000 }).toBe('completed');
    const held = (await h.queue.enqueue(
      'test-view',
      { hold: true },
      { customerId: harbor, label: 'held' },
    )) as string;
    await expect.poll(async () => (await h.queue.get(held))?.progress, { timeout: 15_000 }).toBe(30);

    const all = await listed(`queue=test-view&customer_id=${harbor}`);
    expect(all.total).toBe(2);
    expect(all.list[0]).toMatchObject({
      id: held,
      state: 'active',
      label: 'held',
      progress: 30,
      progress_note: 'counting',
      customer: { id: harbor },
    });
    expect((await listed('queue=test-view&state=completed')).list.map((j: { id: string }) => j.id)).toEqual([
      quick,
    ]);
    // The timed jobs' runs are one kind, every other job the other.
    const queuesOf = async (kind: string) =>
      new Set<string>((await listed(`kind=${kind}&perPage=100`)).list.map((j: { queue: string }) => j.queue));
    await expect.poll(async () => (await queuesOf('timed')).has('timed.notice-moments')).toBe(true);
    expect([...(await queuesOf('timed'))].every((q) => q.startsWith('timed.'))).toBe(true);
    expect([...(await queuesOf('requested'))]).toEqual(['test-view']);

    const cancelled = await h.as('admin').post(`/jobs/${held}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.state).toBe('cancelled');
    // Ended: not cancelled twice; a completed job is not run again.
    const again = await h.as('admin').post(`/jobs/${held}/cancel`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This job has ended and can no longer be cancelled.');
    expect((await h.as('admin').post(`/jobs/${quick}/retry`, {})).status).toBe(409);

    const retried = await h.as('support').post(`/jobs/${held}/retry`, {});
    expect(retried.status).toBe(200);
    await expect.poll(async () => (await h.queue.get(held))?.state, { timeout: 15_000 }).toBe('active');
    release();
    await expect.poll(async () => (await h.queue.get(held))?.state, { timeout: 15_000 }).toBe('completed');
  });

  it('refuses customers’ users, answers 404 for an unknown job, and refuses a bad filter', async () => {
    expect((await h.as('manager').get('/jobs')).status).toBe(403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await h.as('admin').post(`/jobs/${unknown}/cancel`, {})).status).toBe(404);
    expect((await h.as('admin').get('/jobs?state=sleeping')).status).toBe(400);
    expect((await h.as('admin').get('/jobs?kind=hourly')).status).toBe(400);
  });
});
