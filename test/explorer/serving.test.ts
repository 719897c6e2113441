// How the explorer's files are served, without a browser: the page at `/` with its own CSP, its
// modules and the chart library with JavaScript types, revalidation by ETag, nothing of it in the
// OpenAPI document, and unknown files still the API's 404 envelope.
import { it, expect, beforeAll, afterAll, describe } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { openStore } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { EXPLORER_CSP, explorerAssets } from '../../src/http/explorer.js';

describe('explorer files', () => {
  let t: TestApp;
  beforeAll(async () => {
    const store = await openStore('sqlite::memory:');
    await migrate(store);
    t = await makeTestApp(store);
  });
  afterAll(() => t.close());

  it('serves the page at / with a CSP that allows scripts and connections only from its own origin', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(EXPLORER_CSP);
    expect(EXPLORER_CSP).toContain("script-src 'self';");
    expect(EXPLORER_CSP).toContain("connect-src 'self';");
    expect(EXPLORER_CSP).not.toMatch(/script-src[^;]*unsafe/);
    // The app's other security headers still apply.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // No inline script or handler for the CSP to refuse.
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(res.body).not.toMatch(/\son[a-z]+=/i);
    expect(res.body).toContain('src="/explorer/app.js"');
  });

  it('serves every module the page imports, and the chart library from node_modules, as JavaScript', async () => {
    const urls = [...explorerAssets().keys()];
    expect(urls).toEqual(expect.arrayContaining(['/', '/explorer/app.js', '/explorer/api.js', '/explorer/views/market.js', '/explorer/style.css', '/explorer/vendor/echarts.esm.min.mjs']));
    for (const url of urls.filter((u) => /\.m?js$/.test(u))) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/javascript; charset=utf-8');
      // Each relative import names a file that is served too.
      for (const [, spec] of res.body.matchAll(/^import [^;]*? from '(\.{1,2}\/[^']+)'/gm)) {
        expect(urls, `${url} imports ${spec}`).toContain(new URL(spec!, `http://x${url}`).pathname);
      }
    }
    const css = await t.app.inject({ url: '/explorer/style.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('sends the chart library gzipped to clients that accept it, and whole to others', async () => {
    const url = '/explorer/vendor/echarts.esm.min.mjs';
    const plain = await t.app.inject({ url });
    const zipped = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('answers a matching If-None-Match with 304 and keeps unknown files a 404 in the envelope', async () => {
    const first = await t.app.inject({ url: '/explorer/app.js' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({ url: '/explorer/app.js', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const missing = await t.app.inject({ url: '/explorer/nothing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 'error', code: 404, error: { type: 'not_found' } });
  });

  it('keeps the page out of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/v1/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/v1/'))).toEqual([]);
  });
});
