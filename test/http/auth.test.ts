import { it, expect, beforeAll, afterAll } from 'vitest';
import { SignJWT } from 'jose';
import { describeEachStore } from '../helpers/stores.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { signAccessToken } from '../../src/features/auth/tokens.js';
import { TOKEN_STATE_TTL_MS } from '../../src/features/auth/queries.js';
import { sql } from 'kysely';

describeEachStore('auth', (get) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(get().store);
  });
  afterAll(() => t.close());

  const tokenReq = (payload: unknown, headers: Record<string, string> = {}, url = '/v1/auth/token') =>
    t.app.inject({ method: 'POST', url, payload: payload as string, headers });

  it('exchanges a key pair for a bearer token in the envelope', async () => {
    const k = await t.key(['trade:read']);
    const res = await tokenReq({ api_key: k.api_key, api_secret: k.api_secret });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.code).toBe(200);
    expect(body.data[0].token_type).toBe('Bearer');
    expect(body.data[0].scopes).toEqual(['trade:read']);
    expect(body.data[0].expires_in).toBe(900);
    expect(Date.parse(body.data[0].expires_at)).toBeGreaterThan(Date.now());
    expect(body.data[0].refresh_token).toMatch(/^rt_/);
    expect(res.headers['cache-control']).toBe('no-store');
    const acc = await t.app.inject({ url: '/v1/account', headers: { authorization: `Bearer ${body.data[0].access_token}` } });
    expect(acc.statusCode).toBe(200);
    expect(acc.json().data[0].key_id).toBe(k.key_id);
    expect(acc.json().data[0]).not.toHaveProperty('secret_hash');
  });

  it('answers a wrong secret, an unknown key and a missing field with 401/400 in the envelope', async () => {
    const k = await t.key(['trade:read']);
    const wrong = await tokenReq({ api_key: k.api_key, api_secret: k.api_secret + 'x' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ status: 'error', code: 401, data: [], error: { type: 'unauthorized' } });
    expect((await tokenReq({ api_key: 'tk_nope', api_secret: 'x' })).statusCode).toBe(401);
    const missing = await tokenReq({ api_key: k.api_key });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details[0].field).toBe('api_secret');
    const wrongType = await tokenReq({ api_key: k.api_key, api_secret: 42 });
    expect(wrongType.statusCode).toBe(400);
  });

  it('never issues a token for credentials sent as form fields or query parameters', async () => {
    const k = await t.key(['trade:read']);
    const form = await tokenReq(`api_key=${k.api_key}&api_secret=${k.api_secret}`, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
    expect(form.json().error.type).toBe('unsupported_media_type');
    const text = await tokenReq(JSON.stringify({ api_key: k.api_key, api_secret: k.api_secret }), { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
    const query = await t.app.inject({ method: 'POST', url: `/v1/auth/token?api_key=${k.api_key}&api_secret=${k.api_secret}` });
    expect(query.statusCode).toBe(400);
    expect(query.body).not.toContain('access_token');
    const both = await t.app.inject({ method: 'POST', url: `/v1/auth/token?api_key=${k.api_key}`, payload: { api_key: k.api_key, api_secret: k.api_secret } });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.details[0]).toMatchObject({ field: 'api_key', issue: 'unknown parameter' });
  });

  it('rejects expired, tampered, alg:none and foreign-secret tokens with 401', async () => {
    const k = await t.key(['trade:read']);
    const secret = t.deps.tokenSecret;
    const expired = await signAccessToken(secret, k.key_id, ['trade:read'], 10, Date.now() - 3600_000);
    const r1 = await t.app.inject({ url: '/v1/account', headers: { authorization: `Bearer ${expired.token}` } });
    expect(r1.statusCode).toBe(401);
    expect(r1.json().error.type).toBe('token_expired');

    const good = await signAccessToken(secret, k.key_id, ['trade:read'], 600);
    const [h, p, s] = good.token.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    payload.scope = 'trade:read admin';
    const tampered = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
    const r2 = await t.app.inject({ url: '/v1/account', headers: { authorization: `Bearer ${tampered}` } });
    expect(r2.statusCode).toBe(401);
    expect(r2.json().error.type).toBe('unauthorized');

    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    expect((await t.app.inject({ url: '/v1/account', headers: { authorization: `Bearer ${none}` } })).statusCode).toBe(401);

    const foreign = await new SignJWT({ scope: 'admin' }).setProtectedHeader({ alg: 'HS256' }).setSubject(k.key_id).setIssuer('tradeapi')
      .setAudience('tradeapi').setJti('x').setIssuedAt().setExpirationTime('5m').sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expect((await t.app.inject({ url: '/v1/account', headers: { authorization: `Bearer ${foreign}` } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/v1/account', headers: { authorization: 'Basic abc' } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/v1/account', headers: { authorization: `Bearer ${good.token}` } })).statusCode).toBe(200);
  });

  it('revokes an access token at once', async () => {
    const token = await t.token(['trade:read']);
    const auth = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: '/v1/account', headers: auth })).statusCode).toBe(200);
    const rev = await t.app.inject({ method: 'POST', url: '/v1/auth/revoke', headers: auth, payload: { token } });
    expect(rev.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/v1/account', headers: auth });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toMatch(/revoked/);
  });

  it('stops a key revoked by another process sharing the store within the state cache lifetime', async () => {
    const k = await t.key(['trade:read']);
    const res = await tokenReq({ api_key: k.api_key, api_secret: k.api_secret });
    const auth = { authorization: `Bearer ${res.json().data[0].access_token}` };
    expect((await t.app.inject({ url: '/v1/account', headers: auth })).statusCode).toBe(200);
    // Written straight to the store, as another API process or the command line would.
    await sql`update api_keys set status = 'revoked' where id = ${k.key_id}`.execute(get().store.db);
    await new Promise((r) => setTimeout(r, TOKEN_STATE_TTL_MS + 50));
    const after = await t.app.inject({ url: '/v1/account', headers: auth });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toMatch(/revoked/);
  });

  it('rotates refresh tokens and revokes the family on replay', async () => {
    const k = await t.key(['trade:read']);
    const first = (await tokenReq({ api_key: k.api_key, api_secret: k.api_secret })).json().data[0];
    const r1 = await tokenReq({ refresh_token: first.refresh_token }, {}, '/v1/auth/refresh');
    expect(r1.statusCode).toBe(200);
    const second = r1.json().data[0];
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const replay = await tokenReq({ refresh_token: first.refresh_token }, {}, '/v1/auth/refresh');
    expect(replay.statusCode).toBe(401);
    // The replay revoked the family: the second refresh token is dead too.
    expect((await tokenReq({ refresh_token: second.refresh_token }, {}, '/v1/auth/refresh')).statusCode).toBe(401);
    expect((await tokenReq({ refresh_token: 'rt_unknown' }, {}, '/v1/auth/refresh')).statusCode).toBe(401);
  });

  it('enforces scopes with 403 and lets admins manage keys with an audit trail', async () => {
    const reader = await t.token(['trade:read']);
    const denied = await t.app.inject({ url: '/v1/admin/api-keys', headers: { authorization: `Bearer ${reader}` } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.type).toBe('forbidden');

    const admin = { authorization: `Bearer ${await t.token(['admin'])}` };
    const created = await t.app.inject({ method: 'POST', url: '/v1/admin/api-keys', headers: admin, payload: { name: 'partner', scopes: ['trade:read', 'companies:read'] } });
    expect(created.statusCode).toBe(201);
    const k = created.json().data[0];
    expect(k.api_secret).toMatch(/^ts_/);
    const list = await t.app.inject({ url: '/v1/admin/api-keys?limit=1000', headers: admin });
    expect(list.body).not.toContain(k.api_secret);
    expect(list.body).not.toContain('scrypt$');
    expect(list.json().data.some((r: { key_id: string }) => r.key_id === k.key_id)).toBe(true);
    const bad = await t.app.inject({ method: 'POST', url: '/v1/admin/api-keys', headers: admin, payload: { name: 'x', scopes: ['everything'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].allowed).toContain('trade:read');

    const partner = (await tokenReq({ api_key: k.api_key, api_secret: k.api_secret })).json().data[0].access_token;
    expect((await t.app.inject({ url: '/v1/account', headers: { authorization: `Bearer ${partner}` } })).statusCode).toBe(200);

    const rot = await t.app.inject({ method: 'POST', url: `/v1/admin/api-keys/${k.key_id}/rotate`, headers: admin, payload: { grace_seconds: 0 } });
    expect(rot.statusCode).toBe(200);
    const newSecret = rot.json().data[0].api_secret;
    expect((await tokenReq({ api_key: k.api_key, api_secret: k.api_secret })).statusCode).toBe(401);
    expect((await tokenReq({ api_key: k.api_key, api_secret: newSecret })).statusCode).toBe(200);

    const del = await t.app.inject({ method: 'DELETE', url: `/v1/admin/api-keys/${k.key_id}`, headers: admin });
    expect(del.statusCode).toBe(200);
    expect(del.json().data[0].status).toBe('revoked');
    expect((await t.app.inject({ url: '/v1/account', headers: { authorization: `Bearer ${partner}` } })).statusCode).toBe(401);
    expect((await tokenReq({ api_key: k.api_key, api_secret: newSecret })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/v1/admin/api-keys/key_missing', headers: admin })).statusCode).toBe(404);

    const audit = await t.app.inject({ url: `/v1/admin/audit-log?limit=1000`, headers: admin });
    const actions = audit.json().data.filter((e: { target_id: string }) => e.target_id === k.key_id).map((e: { action: string }) => e.action);
    expect(actions).toEqual(['api_key.revoke', 'api_key.rotate', 'api_key.create']);
  });

  it('keeps the old secret valid during a rotation grace period', async () => {
    const admin = { authorization: `Bearer ${await t.token(['admin'])}` };
    const k = await t.key(['trade:read']);
    const rot = await t.app.inject({ method: 'POST', url: `/v1/admin/api-keys/${k.key_id}/rotate`, headers: admin, payload: { grace_seconds: 3600 } });
    expect(rot.json().data[0].previous_secret_valid_until).not.toBeNull();
    expect((await tokenReq({ api_key: k.api_key, api_secret: k.api_secret })).statusCode).toBe(200);
    expect((await tokenReq({ api_key: k.api_key, api_secret: rot.json().data[0].api_secret })).statusCode).toBe(200);
  });

  it('refuses an address after repeated failures on a key, even with the right secret, and says when to retry', async () => {
    const k = await t.key(['trade:read']);
    for (let i = 0; i < 10; i++) {
      const r = await tokenReq({ api_key: k.api_key, api_secret: 'wrong' }, { 'x-forwarded-for': '10.0.0.9' });
      expect([401, 429]).toContain(r.statusCode);
    }
    const blocked = await tokenReq({ api_key: k.api_key, api_secret: k.api_secret }, { 'x-forwarded-for': '10.0.0.9' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  }, 30_000);

  it('counts usage per operation and enforces a monthly quota', async () => {
    const token = await t.token(['trade:read'], { monthlyQuota: 3 });
    const auth = { authorization: `Bearer ${token}` };
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await t.app.inject({ url: '/v1/account', headers: auth })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const usage = await t.app.inject({ url: '/v1/account/usage', headers: auth });
    // the usage call itself is refused by the quota too
    expect(usage.statusCode).toBe(429);
    expect(usage.json().error.type).toBe('quota_exceeded');

    const other = { authorization: `Bearer ${await t.token(['trade:read'])}` };
    await t.app.inject({ url: '/v1/account', headers: other });
    await t.app.inject({ url: '/v1/account', headers: other });
    const u = await t.app.inject({ url: '/v1/account/usage', headers: other });
    expect(u.statusCode).toBe(200);
    const row = u.json().data.find((r: { operation: string }) => r.operation === 'getAccount');
    expect(row.calls).toBe(2);
    expect(row.records).toBe(2);
  });

  it('sends RateLimit headers and a 429 in the envelope past the limit', async () => {
    const auth = { authorization: `Bearer ${await t.token(['trade:read'], { rateLimitPerMinute: 2 })}` };
    const a = await t.app.inject({ url: '/v1/account', headers: auth });
    expect(a.headers['ratelimit-limit']).toBe('2');
    expect(a.headers['ratelimit-remaining']).toBe('1');
    await t.app.inject({ url: '/v1/account', headers: auth });
    const c = await t.app.inject({ url: '/v1/account', headers: auth });
    expect(c.statusCode).toBe(429);
    expect(c.json()).toMatchObject({ status: 'error', code: 429, error: { type: 'rate_limited' } });
    expect(Number(c.headers['retry-after'])).toBeGreaterThan(0);
  });
});
