// Sign-in against guessing: every attempt counted (also those sent at once), the same answer for
// held-back and unknown names, delays that hold back the guessing address and not the owner,
// and 429 with Retry-After on the form and the realm's endpoints.
import { describe, expect, it } from 'vitest';
import { signInAs, startHarness, TEST_PASSWORD } from '../../testing/harness.ts';
import { perFile } from '../../testing/perFile.ts';

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const alertOf = (body: string) => /<div role="alert">([^<]*)<\/div>/.exec(body)?.[1];

describe('delays against guessing', () => {
  const h = perFile(() =>
    startHarness({ LOGIN_MAX_FAILURES: '3', LOGIN_LOCK_MINUTES: '15', TRUST_PROXY: 'true' }),
  );

  it('counts guesses sent at the same moment: at most the allowance is checked', async () => {
    const guesses = Array.from({ length: 9 }, () =>
      signInAs(h.app, 'sales', 'not-the-password', from('198.51.100.1')),
    );
    await Promise.all(guesses);
    const right = await signInAs(h.app, 'sales', TEST_PASSWORD, from('198.51.100.1'));
    expect(right.tokens).toBeUndefined();
    expect(right.loginPage.statusCode).toBe(429);
    const [row] = await h.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM login_history h JOIN users u ON u.id = h.user_id
        WHERE u.username = 'sales' AND h.reason = 'invalid_password'`,
    );
    expect(row?.n).toBe(3);
  });

  it("counts guesses at an account's user name and e-mail sent at the same moment together", async () => {
    const [user] = await h.database.query<{ email: string }>(
      "SELECT email FROM users WHERE username = 'support'",
    );
    const names = ['support', user?.email ?? ''];
    const guesses = Array.from({ length: 10 }, (_, i) =>
      signInAs(h.app, names[i % 2] ?? '', 'not-the-password', from('198.51.100.5')),
    );
    await Promise.all(guesses);
    const [row] = await h.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM login_history h JOIN users u ON u.id = h.user_id
        WHERE u.username = 'support' AND h.reason = 'invalid_password'`,
    );
    expect(row?.n).toBe(3);
  });

  it('answers a held-back name and an unknown one alike', async () => {
    const answers = [];
    for (const name of ['kitting', 'nobody-at-all']) {
      for (let i = 0; i < 2; i += 1) {
        const step = await signInAs(h.app, name, 'not-the-password', from('198.51.100.2'));
        expect(step.loginPage.statusCode).toBe(401);
      }
      answers.push((await signInAs(h.app, name, 'not-the-password', from('198.51.100.2'))).loginPage);
      answers.push((await signInAs(h.app, name, TEST_PASSWORD, from('198.51.100.2'))).loginPage);
    }
    for (const answer of answers) {
      expect(answer.statusCode).toBe(429);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(alertOf(answer.body)).toBe('Too many sign-in attempts. Try again in 1 minute.');
    }
  });

  it('holds back the guessing address, not the owner elsewhere', async () => {
    // The users list shows the account as locked while an address is held back from it.
    const [row] = await h.database.query<{ locked: boolean }>(
      "SELECT locked_until > now() AS locked FROM users WHERE username = 'kitting'",
    );
    expect(row?.locked).toBe(true);
    const owner = await signInAs(h.app, 'kitting', TEST_PASSWORD, from('203.0.113.50'));
    expect(owner.tokens).toBeDefined();
    const still = await signInAs(h.app, 'kitting', TEST_PASSWORD, from('198.51.100.2'));
    expect(still.loginPage.statusCode).toBe(429);
  });

  it("holds back the account's other names too, from the guessing address", async () => {
    // Guesses at the user name must not leave the e-mail (the same account) open from there.
    const ip = '198.51.100.4';
    const [user] = await h.database.query<{ email: string }>(
      "SELECT email FROM users WHERE username = 'operator'",
    );
    const email = user?.email.toUpperCase() ?? '';
    for (let i = 0; i < 3; i += 1) await signInAs(h.app, 'operator', 'nope-nope', from(ip));
    const byEmail = await signInAs(h.app, email, TEST_PASSWORD, from(ip));
    expect(byEmail.tokens).toBeUndefined();
    expect(byEmail.loginPage.statusCode).toBe(429);
    expect(alertOf(byEmail.loginPage.body)).toBe('Too many sign-in attempts. Try again in 1 minute.');
    // The owner elsewhere signs in by either name.
    expect((await signInAs(h.app, email, TEST_PASSWORD, from('203.0.113.51'))).tokens).toBeDefined();
  });

  it('makes the address wait longer after each further failure', async () => {
    const ip = '198.51.100.3';
    for (let i = 0; i < 3; i += 1) await signInAs(h.app, 'manager', 'nope-nope', from(ip));
    const first = await signInAs(h.app, 'manager', 'nope-nope', from(ip));
    expect(Number(first.loginPage.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The minute passes: one more attempt is checked, and the next wait is twice as long.
    await h.database.query("UPDATE sign_in_attempts SET blocked_until = now() - interval '1 second'");
    const again = await signInAs(h.app, 'manager', 'nope-nope', from(ip));
    expect(again.loginPage.statusCode).toBe(429);
    expect(Number(again.loginPage.headers['retry-after'])).toBeGreaterThan(60);
    expect(Number(again.loginPage.headers['retry-after'])).toBeLessThanOrEqual(120);
    expect(alertOf(again.loginPage.body)).toBe('Too many sign-in attempts. Try again in 2 minutes.');
    // The right password, once the wait is over, signs in and clears the count.
    await h.database.query("UPDATE sign_in_attempts SET blocked_until = now() - interval '1 second'");
    expect((await signInAs(h.app, 'manager', TEST_PASSWORD, from(ip))).tokens).toBeDefined();
    expect((await signInAs(h.app, 'manager', 'nope-nope', from(ip))).loginPage.statusCode).toBe(401);
  });
});

describe('request limits', () => {
  const h = perFile(() =>
    startHarness({ LOGIN_RATE_LIMIT: '3', AUTH_RATE_LIMIT: '40', TRUST_PROXY: 'true' }),
  );

  it('limits sign-in posts per address and per name, with Retry-After', async () => {
    for (const name of ['one-name', 'two-name', 'three-name'])
      expect((await signInAs(h.app, name, 'x-password', from('192.0.2.1'))).loginPage.statusCode).toBe(401);
    const byAddress = await signInAs(h.app, 'four-name', 'x-password', from('192.0.2.1'));
    expect(byAddress.loginPage.statusCode).toBe(429);
    expect(Number(byAddress.loginPage.headers['retry-after'])).toBeGreaterThan(0);
    for (const ip of ['192.0.2.2', '192.0.2.3', '192.0.2.4'])
      expect((await signInAs(h.app, 'admin', 'x-password', from(ip))).loginPage.statusCode).toBe(401);
    const byName = await signInAs(h.app, 'admin', TEST_PASSWORD, from('192.0.2.5'));
    expect(byName.loginPage.statusCode).toBe(429);
    expect(byName.tokens).toBeUndefined();
  });

  it('limits the token endpoint and the realm pages per address, translated', async () => {
    const post = () =>
      h.app.inject({
        method: 'POST',
        url: '/auth/realms/fleet/protocol/openid-connect/token',
        headers: {
          ...from('192.0.2.9'),
          'content-type': 'application/x-www-form-urlencoded',
          'accept-language': 'ja',
        },
        payload: 'grant_type=refresh_token&refresh_token=guess&client_id=fleetlens-console',
      });
    for (let i = 0; i < 40; i += 1) expect((await post()).statusCode).toBe(400);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      code: 42900,
      message: 'リクエストが多すぎます。しばらく待ってから再度お試しください。',
    });
    const page = await h.app.inject({
      url: '/auth/realms/fleet/protocol/openid-connect/logout',
      headers: { ...from('192.0.2.9'), accept: 'text/html' },
    });
    expect(page.statusCode).toBe(429);
    expect(page.body).toContain('Too many requests.');
  });

  it("limits the API's calls without a token per address", async () => {
    const open = () => h.app.inject({ url: '/api/v1/config', headers: from('192.0.2.10') });
    for (let i = 0; i < 40; i += 1) expect((await open()).statusCode).toBe(200);
    const refused = await open();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(42900);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
