import { it, expect, beforeAll, afterAll, describe } from 'vitest';
import { describeEachStore } from '../helpers/stores.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { redactUrl } from '../../src/http/logger.js';

describeEachStore('HTTP basics', (get) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(get().store, { BODY_LIMIT: '2048', CORS_ORIGINS: 'https://app.example.com' });
  });
  afterAll(() => t.close());

  it('answers unknown paths with 404 and wrong methods with 405 + Allow, both in the envelope', async () => {
    const nf = await t.app.inject({ url: '/v1/no-such-thing' });
    expect(nf.statusCode).toBe(404);
    expect(nf.json()).toMatchObject({ status: 'error', code: 404, data: [], error: { type: 'not_found' } });
    const na = await t.app.inject({ method: 'DELETE', url: '/v1/health' });
    expect(na.statusCode).toBe(405);
    expect(na.headers.allow).toBe('GET');
    expect(na.json()).toMatchObject({ status: 'error', code: 405 });
    const withParam = await t.app.inject({ method: 'GET', url: '/v1/admin/api-keys/key_1/rotate' });
    expect(withParam.statusCode).toBe(405);
    expect(withParam.headers.allow).toBe('POST');
  });

  it('refuses bodies over the limit with 413 and non-JSON bodies with 415', async () => {
    const big = await t.app.inject({ method: 'POST', url: '/v1/auth/token', payload: { api_key: 'k', api_secret: 'x'.repeat(5000) } });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.type).toBe('payload_too_large');
    const xml = await t.app.inject({ method: 'POST', url: '/v1/auth/token', payload: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.statusCode).toBe(415);
    const broken = await t.app.inject({ method: 'POST', url: '/v1/auth/token', payload: '{"api_key":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.type).toBe('validation_error');
  });

  it('echoes a request id, sets security headers and answers CORS only for configured origins', async () => {
    const res = await t.app.inject({ url: '/v1/health', headers: { 'x-request-id': 'abc-123', origin: 'https://app.example.com' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.json().meta.request_id).toBe('abc-123');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example.com');
    const other = await t.app.inject({ url: '/v1/health', headers: { origin: 'https://evil.example.net' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const generated = await t.app.inject({ url: '/v1/health', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Refusals carry the same headers as answers.
    for (const refused of [await t.app.inject({ url: '/v1/account' }), await t.app.inject({ url: '/v1/no-such-route' })]) {
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'SAMEORIGIN', 'strict-transport-security': expect.stringContaining('max-age=') });
      expect(refused.headers['x-request-id']).toBe(refused.json().error.request_id);
      expect(refused.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('reports health with the store engine and serves Prometheus metrics', async () => {
    const h = (await t.app.inject({ url: '/v1/health' })).json();
    expect(h.data[0]).toMatchObject({ status: 'ok', store: get().target.engine });
    const m = await t.app.inject({ url: '/metrics' });
    expect(m.statusCode).toBe(200);
    expect(m.body).toMatch(/tradeapi_http_request_duration_seconds_bucket\{[^}]*operation="getHealth"/);
  });

  it('serves interactive docs', async () => {
    const res = await t.app.inject({ url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });
});

describe('log redaction', () => {
  it('masks credentials in URLs', () => {
    expect(redactUrl('/v1/auth/token?api_key=tk_a&api_secret=ts_b&x=1')).toBe('/v1/auth/token?api_key=[REDACTED]&api_secret=[REDACTED]&x=1');
  });
});
