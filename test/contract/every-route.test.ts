// Walks every operation of the generated OpenAPI document: without a token each answers 401 in the
// envelope, and with a valid token that lacks the operation's scope, 403. Routes added later are
// covered without touching this file.
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../helpers/stores.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { SCOPES, type Scope } from '../../src/http/scopes.js';

interface Op { method: string; path: string; operationId: string; scope: string | undefined; public: boolean }

function operationsOf(doc: { paths: Record<string, Record<string, { operationId: string; security?: unknown[]; 'x-required-scope'?: string }>> }): Op[] {
  const ops: Op[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      ops.push({ method: method.toUpperCase(), path, operationId: op.operationId, scope: op['x-required-scope'], public: Array.isArray(op.security) && op.security.length === 0 });
    }
  }
  return ops;
}

const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'X1');

describeEachStore('every operation', (get) => {
  let t: TestApp;
  let ops: Op[];
  beforeAll(async () => {
    t = await makeTestApp(get().store);
    ops = operationsOf((await t.app.inject({ url: '/v1/openapi.json' })).json());
  });
  afterAll(() => t.close());

  it('has a unique operationId, one tag and a documented security rule', async () => {
    const doc = (await t.app.inject({ url: '/v1/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const ids = ops.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [, methods] of Object.entries(doc.paths as Record<string, Record<string, { tags: string[] }>>)) {
      for (const op of Object.values(methods)) expect(op.tags).toHaveLength(1);
    }
    expect(ops.filter((o) => o.public).map((o) => o.operationId).sort()).toEqual(['createToken', 'getHealth', 'ping', 'refreshToken']);
  });

  it('answers 401 in the envelope to every non-public operation called without a token', async () => {
    const failures: string[] = [];
    for (const op of ops.filter((o) => !o.public)) {
      const res = await t.app.inject({ method: op.method as 'GET', url: concrete(op.path), ...(op.method !== 'GET' && op.method !== 'DELETE' ? { payload: {} } : {}) });
      const body = res.json();
      if (res.statusCode !== 401 || body.status !== 'error' || body.code !== 401 || body.error?.type !== 'unauthorized') failures.push(`${op.method} ${op.path} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to every scoped operation called with a token lacking its scope', async () => {
    const tokens = new Map<string, string>();
    const failures: string[] = [];
    for (const op of ops.filter((o) => o.scope)) {
      const others = SCOPES.filter((s) => s !== op.scope) as Scope[];
      const key = others.join(' ');
      if (!tokens.has(key)) tokens.set(key, await t.token(others));
      const res = await t.app.inject({
        method: op.method as 'GET',
        url: concrete(op.path),
        headers: { authorization: `Bearer ${tokens.get(key)}` },
        ...(op.method !== 'GET' && op.method !== 'DELETE' ? { payload: {} } : {}),
      });
      if (res.statusCode !== 403 || res.json().error?.type !== 'forbidden') failures.push(`${op.method} ${op.path} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
