// What the OpenAPI document states once for every operation (http/openapi-bounds.ts, the 32-bit
// bounds of operation.ts), and that the stated request bounds are the ones validation applies.
import { it, expect, beforeAll, afterAll, describe } from 'vitest';
import { openStore, type Store } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';

describe('the served OpenAPI document', () => {
  let store: Store;
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, { parameters?: { name: string; schema: Record<string, unknown> }[]; responses: Record<string, { headers?: Record<string, unknown>; content?: unknown }>; security?: unknown }>> };
  beforeAll(async () => {
    store = await openStore('sqlite::memory:');
    await migrate(store);
    t = await makeTestApp(store);
    doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  it('declares rate-limit headers on answers, Retry-After on 429, and 401/403/429/5xx on protected operations', () => {
    const op = doc.paths['/v1/imports/declarations']!.get!;
    expect(Object.keys(op.responses).sort()).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429', '500', '503']));
    expect(op.responses['200']!.headers).toHaveProperty('RateLimit-Limit');
    expect(op.responses['200']!.headers).toHaveProperty('RateLimit-Reset');
    expect(op.responses['429']!.headers).toHaveProperty('Retry-After');
    expect(doc.paths['/v1/admin/api-keys']!.get!.security).toEqual([{ adminBearerAuth: [] }]);
  });

  it('states bounds on answer fields, and on URL integers the bounds validation enforces', async () => {
    const schema = JSON.stringify(doc.paths['/v1/imports/declarations']!.get!.responses['200']!.content);
    expect(schema).toContain('"format":"int64"');
    const companyId = doc.paths['/v1/imports/declarations']!.get!.parameters!.find((p) => p.name === 'company_id')!.schema;
    expect(companyId).toMatchObject({ type: 'integer', format: 'int32', minimum: 1, maximum: 2147483647 });
    const token = await t.token(['trade:read']);
    const res = await t.app.inject({ method: 'GET', url: '/v1/imports/declarations?company_id=2147483648', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe('company_id');
  });
});
