// Walks every operation of the OpenAPI document with a token holding every scope and sends, one
// parameter at a time, values a careless or hostile client sends: empty, huge, non-numeric where a
// number is due, impossible dates, SQL and path fragments, control and non-Latin characters,
// repeated parameters. Whatever the operation, the answer is the envelope with a 2xx or a 4xx whose
// code equals the HTTP status and whose error type is one of the closed list, never a 5xx. The
// other parameters are left out and path parameters name real records of a small seeded store, so
// the hostile value reaches the operation's own code rather than stopping at a 404.
import { it, expect, beforeAll, afterAll } from 'vitest';
import { describeEachStore } from '../helpers/stores.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { SCOPES } from '../../src/http/scopes.js';
import { ERROR_TYPES } from '../../src/http/errors.js';
import { seedStore } from '../../src/synth/seed.js';
import { parseYearMonth } from '../../src/synth/calendar.js';

interface Param { name: string; in: 'path' | 'query' }
interface Op { method: string; path: string; operationId: string; params: Param[]; hasBody: boolean }
type Doc = { paths: Record<string, Record<string, { operationId: string; parameters?: Param[]; requestBody?: unknown }>> };

function operationsOf(doc: Doc): Op[] {
  const ops: Op[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'delete'].includes(method)) continue;
      ops.push({ method: method.toUpperCase(), path, operationId: op.operationId, params: (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query'), hasBody: op.requestBody !== undefined });
    }
  }
  return ops;
}

const HOSTILE = [
  '', ' ', 'x'.repeat(3000), "' OR 1=1 --", '%00', '-1', '0', '99999999999999999999', '1e309', 'NaN',
  '🙂İışĞ', '2026-13-45', '../../etc/passwd', 'null', '[]', '{"a":1}',
  // A real NUL (sent as %00): PostgreSQL text cannot hold one.
  '\u0000', 'X\u00001',
];
const HOSTILE_BODIES: unknown[] = [{}, [], 'text', 42, null, { items: 'x'.repeat(5000) }, { declarations: [{}] }, { names: [{ name: '' }] }];

// Operations whose path parameter, if real, would end the run (revoking the key it uses).
const DESTRUCTIVE = new Set(['revokeApiKey', 'rotateApiKey', 'deleteWebhook', 'revokeToken']);

describeEachStore('hostile input on every operation', (get) => {
  let t: TestApp;
  let ops: Op[];
  let auth: Record<string, string>;
  const real: Record<string, string> = {};

  beforeAll(async () => {
    const { store } = get();
    await seedStore(store, { seed: 5, declarations: 300, from: parseYearMonth('2025-01')!, to: parseYearMonth('2025-12')!, batchSize: 300 });
    t = await makeTestApp(store);
    auth = { authorization: `Bearer ${await t.token([...SCOPES])}` };
    ops = operationsOf((await t.app.inject({ url: '/v1/openapi.json' })).json() as Doc);
    const db = store.db;
    const d = await db.selectFrom('declarations').select(['declaration_no', 'bl_number', 'company_id', 'partner_country', 'port']).where('bl_number', 'is not', null).limit(1).executeTakeFirstOrThrow();
    const s = await db.selectFrom('shipments').selectAll().limit(1).executeTakeFirstOrThrow();
    const g = await db.selectFrom('declaration_items').select('gtip').limit(1).executeTakeFirstOrThrow();
    Object.assign(real, {
      declaration_no: d.declaration_no, record_id: '1', bl_number: d.bl_number ?? '', company_id: String(d.company_id), country: d.partner_country,
      code: g.gtip.slice(0, 6), hs: g.gtip.slice(0, 4), shipment_id: String(s.id), locode: d.port, origin_port: s.origin_port,
      destination_port: s.destination_port, list: 'incoterms',
    });
  }, 120_000);
  afterAll(() => t?.close());

  const urlOf = (op: Op, values: Record<string, string>) => {
    const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? (DESTRUCTIVE.has(op.operationId) ? 'X1' : real[name] ?? 'X1')));
    const query = op.params.filter((p) => p.in === 'query' && values[p.name] !== undefined).map((p) => `${p.name}=${encodeURIComponent(values[p.name]!)}`);
    return query.length ? `${path}?${query.join('&')}` : path;
  };

  const check = (failures: string[], label: string, res: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
    if (res.statusCode >= 500) return failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (!String(res.headers['content-type'] ?? '').includes('application/json')) return; // a csv or ndjson download
    const body = JSON.parse(res.body) as { status?: string; code?: number; error?: { type?: string } };
    if (body.code !== res.statusCode) failures.push(`${label} → code ${body.code} but HTTP ${res.statusCode}`);
    if (res.statusCode >= 400 && (body.status !== 'error' || !ERROR_TYPES.includes(body.error?.type as never))) failures.push(`${label} → ${res.statusCode} outside the envelope: ${res.body.slice(0, 200)}`);
    if (res.statusCode < 400 && body.status !== 'success') failures.push(`${label} → ${res.statusCode} without status success`);
  };

  it('never answers a hostile parameter with a 5xx or outside the envelope', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const op of ops) {
      for (const p of op.params) {
        if (p.in === 'path' && DESTRUCTIVE.has(op.operationId)) continue;
        for (const v of HOSTILE) {
          const url = urlOf(op, { [p.name]: v });
          const res = await t.app.inject({ method: op.method as 'GET', url, headers: auth, ...(op.hasBody ? { payload: {} } : {}) });
          sent++;
          check(failures, `${op.method} ${url.slice(0, 120)}`, res);
        }
        if (p.in === 'query') {
          // The same parameter twice: arrays where a single value is expected.
          const url = `${urlOf(op, {})}${op.path.includes('?') ? '&' : urlOf(op, {}).includes('?') ? '&' : '?'}${p.name}=1&${p.name}=2`;
          check(failures, `${op.method} ${url.slice(0, 120)}`, await t.app.inject({ method: op.method as 'GET', url, headers: auth, ...(op.hasBody ? { payload: {} } : {}) }));
          sent++;
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 300_000);

  it('never answers a hostile JSON body with a 5xx or outside the envelope', async () => {
    const failures: string[] = [];
    for (const op of ops.filter((o) => o.hasBody && !DESTRUCTIVE.has(o.operationId))) {
      for (const body of HOSTILE_BODIES) {
        const url = urlOf(op, {});
        const res = await t.app.inject({ method: op.method as 'POST', url, headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
        check(failures, `${op.method} ${url} ${JSON.stringify(body).slice(0, 60)}`, res);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses a NUL character in a path, a query or a JSON body with a 400 naming the field', async () => {
    const id = encodeURIComponent('X\u00001');
    for (const url of [`/v1/imports/declarations/${id}`, `/v1/trade/bulk-exports/${id}`, `/v1/companies?q=${id}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.type, url).toBe('validation_error');
    }
    const bodies: [string, unknown, string][] = [
      ['/v1/hs-codes/classify', { description: 'cotton\u0000shirts' }, 'description'],
      ['/v1/companies/match', { inputs: [{ name: 'Kaya\u0000Tekstil' }] }, 'inputs'],
    ];
    for (const [url, body, field] of bodies) {
      const res = await t.app.inject({ method: 'POST', url, headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(res.json().error.details), url).toContain(field);
    }
  });
});
