import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { bearer, refreshTokens, signInAs, startHarness } from '../../testing/harness.ts';
import { perFile } from '../../testing/perFile.ts';

const h = perFile(startHarness);

describe('the embedded realm', () => {
  it('publishes a Keycloak-shaped discovery document', async () => {
    const res = await h.app.inject({
      url: '/auth/realms/fleet/.well-known/openid-configuration',
      headers: { host: 'fleet.test' },
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.issuer).toBe('http://fleet.test/auth/realms/fleet');
    expect(doc.token_endpoint).toBe('http://fleet.test/auth/realms/fleet/protocol/openid-connect/token');
    expect(doc.jwks_uri).toBe('http://fleet.test/auth/realms/fleet/protocol/openid-connect/certs');
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('signs a manager in with code + PKCE and issues a JWT for the API with the spec claims', async () => {
    const step = await signInAs(h.app, 'manager');
    expect(step.tokens?.refresh_token).toBeTruthy();
    const claims = decodeJwt(step.tokens?.access_token ?? '');
    expect(claims.aud).toBe('urn:fleetlens:api');
    expect(claims.sys_role).toBe('user');
    expect(claims.preferred_username).toBe('manager');
    expect(claims.is_manager).toBe(true);
    expect(claims.download_role).toBe('request');
    expect(claims.privileges).toContain('vehicle:view');
    expect(claims.functions).toContain('oil-mgt');
    expect(claims.name).toBe('Mina Manager');
    expect(claims.email).toBe('manager@demo.fleetlens.example');
    const id = decodeJwt(step.tokens?.id_token ?? '');
    expect(id.sys_role).toBe('user');
    const my = await h.app.inject({
      url: '/api/v1/users/my',
      headers: bearer(step.tokens?.access_token ?? ''),
    });
    expect(my.statusCode).toBe(200);
    expect(my.json().data.user.username).toBe('manager');
    const [row] = await h.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM login_history h JOIN users u ON u.id = h.user_id WHERE u.username = 'manager' AND h.succeeded",
    );
    expect(row?.n).toBe(1);
  });

  it('renders the sign-in page in the language asked for', async () => {
    const step = await signInAs(h.app, 'nobody', 'wrong-password', { 'accept-language': 'ja-JP,ja;q=0.9' });
    expect(step.loginPage.statusCode).toBe(401);
    expect(step.loginPage.body).toContain('<html lang="ja">');
    expect(step.loginPage.body).toContain('ユーザー名またはパスワードが正しくありません。');
    expect(step.loginPage.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('refuses a disabled account', async () => {
    await h.database.query("UPDATE users SET enabled = false WHERE username = 'support'");
    const step = await signInAs(h.app, 'support');
    expect(step.tokens).toBeUndefined();
    expect(step.loginPage.body).toContain('This account is disabled.');
  });

  it('refreshes tokens with the refresh token', async () => {
    const step = await signInAs(h.app, 'kitting');
    const res = await refreshTokens(h.app, step.tokens?.refresh_token ?? '');
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().access_token).sys_role).toBe('kitting');
  });

  it('logs out without asking: the confirmation submits itself with logout=yes', async () => {
    const step = await signInAs(h.app, 'admin');
    const res = await h.app.inject({
      url: `/auth/realms/fleet/protocol/openid-connect/logout?id_token_hint=${step.tokens?.id_token}&post_logout_redirect_uri=${encodeURIComponent('http://fleet.test/')}`,
      headers: { cookie: step.cookies },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<input type="hidden" name="logout" value="yes">');
    const nonce = /<script nonce="([^"]+)">document\.forms\[0\]\.submit\(\)<\/script>/.exec(res.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.headers['content-security-policy']).toContain(`script-src 'nonce-${nonce}'`);

    // What the page's script posts ends the realm's session (its cookie is cleared).
    const action = new URL(/<form[^>]*action="([^"]+)"/.exec(res.body)?.[1] ?? '');
    const form = new URLSearchParams(
      [...res.body.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map(
        (m): [string, string] => [m[1] ?? '', m[2] ?? ''],
      ),
    );
    const confirm = await h.app.inject({
      method: 'POST',
      url: action.pathname,
      headers: { cookie: step.cookies, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe('http://fleet.test/');
    const cookies = confirm.cookies.filter((c) => c.value === '' || c.maxAge === 0).map((c) => c.name);
    expect(cookies).toContain('_session');
  });
});
