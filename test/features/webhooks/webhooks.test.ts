import { it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { describeEachStore } from '../../helpers/stores.js';
import { makeTestApp, type TestApp } from '../../helpers/app.js';
import { deliverDue } from '../../../src/webhooks/worker.js';
import { pruneDispatched } from '../../../src/webhooks/dispatch.js';
import { MAX_WEBHOOKS_PER_KEY } from '../../../src/features/webhooks/create-webhook.js';
import { notifyNewRecords } from '../../../src/features/webhooks/queries.js';
import type { RetryPolicy } from '../../../src/domain/webhooks/retry.js';
import { insertShipment } from '../shipments/fixtures.js';
import { writeBatch } from '../../../src/ingest/writer.js';
import { makeDeclarations } from '../../ingest/fixtures.js';

interface Hit { headers: http.IncomingHttpHeaders; body: string; path: string }

/** A receiver on 127.0.0.1 that answers with whatever `answer` says and keeps what it got. */
async function receiver(answer: (path: string) => number) {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), path });
      const status = answer(path);
      res.writeHead(status, status === 302 ? { location: '/elsewhere' } : {});
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { hits, url: (path = '/hook') => `http://127.0.0.1:${port}${path}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

// Written from the documented scheme only, not with the service's own verifier.
function verify(header: string, rawBody: string, secret: string, nowSeconds: number): boolean {
  const parts = header.split(',').map((p) => p.split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const sigs = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return sigs.some((s) => {
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const FAST: RetryPolicy = { base_seconds: 60, factor: 2, max_delay_seconds: 3600, max_attempts: 3, jitter: 'none', disable_after_failures: 2 };

describeEachStore('webhooks', (get) => {
  let t: TestApp;
  let strict: TestApp;
  let ownerA: string;
  let ownerB: string;
  let writer: string;
  let rx: Awaited<ReturnType<typeof receiver>>;
  let answer = 200;
  beforeAll(async () => {
    t = await makeTestApp(get().store, { ALLOW_PRIVATE_WEBHOOKS: 'true' });
    strict = await makeTestApp(get().store);
    ownerA = await t.token(['webhooks:write']);
    ownerB = await t.token(['webhooks:write']);
    writer = await t.token(['shipments:write', 'shipments:read']);
    rx = await receiver((path) => (path === '/gone' ? 410 : path === '/redirect' ? 302 : answer));
  });
  afterAll(async () => {
    await rx.close();
    await strict.close();
    await t.close();
  });
  beforeEach(async () => {
    answer = 200;
    rx.hits.length = 0;
    // Each test drives the queue itself; leftovers of another test must not be delivered here.
    await get().store.db.updateTable('webhook_deliveries').set({ status: 'cancelled' }).where('status', '=', 'pending').execute();
  });

  const call = async (app: TestApp, method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) => {
    const res = await app.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as { data: Record<string, unknown>[]; error?: { message: string; details: { field: string }[] } } };
  };
  const subscribe = (payload: object, token = ownerA, app = t) => call(app, 'POST', '/v1/webhooks', token, payload);
  const moveTo = async (shipmentId: number, code: string, at: string) => {
    const res = await call(t, 'POST', `/v1/shipments/${shipmentId}/events`, writer, { event_code: code, classifier: 'ACT', occurred_at: at });
    expect(res.status, JSON.stringify(res.body.error)).toBe(201);
  };
  const deps = (policy: RetryPolicy = FAST, allowPrivate = true) => ({ store: get().store, config: { allowPrivateWebhooks: allowPrivate, webhookEventRetentionHours: 24 }, policy, timeoutMs: 2000 });

  it('refuses loopback, private and metadata URLs unless the operator allows them', async () => {
    for (const url of ['http://127.0.0.1:9/x', 'http://localhost/x', 'http://169.254.169.254/latest', 'http://10.0.0.5/x', 'http://[::1]/x', 'http://2130706433/x', 'ftp://example.com/x', 'http://user:pw@example.com/x']) {
      const res = await subscribe({ url, events: ['shipment.status_changed'] }, ownerA, strict);
      expect(res.status, url).toBe(400);
      expect(res.body.error?.details[0]?.field).toBe('url');
    }
    expect((await subscribe({ url: 'https://hooks.example.com/tradeapi', events: ['records.new'] }, ownerA, strict)).status).toBe(201);
    expect((await subscribe({ url: rx.url(), events: ['records.new'] })).status).toBe(201);
  });

  it('validates events, shipment_id and filter', async () => {
    expect((await subscribe({ url: rx.url(), events: [] })).status).toBe(400);
    expect((await subscribe({ url: rx.url(), events: ['shipment.deleted'] })).status).toBe(400);
    expect((await subscribe({ url: rx.url(), events: ['shipment.status_changed'], shipment_id: 999_999 })).status).toBe(400);
    expect((await subscribe({ url: rx.url(), events: ['records.new'], filter: { status: ['arrived'] } })).status).toBe(400);
    expect((await subscribe({ url: rx.url(), events: ['records.new'], filter: { hs: '61ab' } })).status).toBe(400);
    expect((await subscribe({ url: rx.url(), events: ['shipment.status_changed'], filter: { status: ['sailing'] } })).status).toBe(400);
  });

  it('shows the secret once and lets only the owner see, list or delete a subscription', async () => {
    const created = await subscribe({ url: rx.url(), events: ['shipment.status_changed'], filter: { carrier: 'NOBODY' } });
    expect(created.status).toBe(201);
    const hook = created.body.data[0]!;
    expect(String(hook.secret)).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const id = String(hook.webhook_id);

    const mine = await call(t, 'GET', '/v1/webhooks', ownerA);
    const listed = mine.body.data.find((w) => w.webhook_id === id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('secret');
    expect((await call(t, 'GET', '/v1/webhooks', ownerB)).body.data.some((w) => w.webhook_id === id)).toBe(false);
    expect((await call(t, 'GET', `/v1/webhooks/${id}/deliveries`, ownerB)).status).toBe(404);
    expect((await call(t, 'DELETE', `/v1/webhooks/${id}`, ownerB)).status).toBe(404);
    expect((await call(t, 'GET', `/v1/webhooks/${id}/deliveries`, ownerA)).status).toBe(200);
    expect((await call(t, 'DELETE', `/v1/webhooks/${id}`, ownerA)).status).toBe(200);
    expect((await call(t, 'DELETE', `/v1/webhooks/${id}`, ownerA)).status).toBe(404);
  });

  it('delivers a status change signed so that a receiver can verify it', async () => {
    const shipment = await insertShipment(get().store.db);
    const created = await subscribe({ url: rx.url(), events: ['shipment.status_changed'], shipment_id: shipment });
    const secret = String(created.body.data[0]!.secret);
    const id = String(created.body.data[0]!.webhook_id);
    await moveTo(shipment, 'GTIN', '2024-03-01T08:00:00Z');
    // Documents do not change the status, so they queue nothing.
    const doc = await call(t, 'POST', `/v1/shipments/${shipment}/events`, writer, { event_code: 'ISSU', classifier: 'ACT', occurred_at: '2024-03-01T09:00:00Z' });
    expect(doc.status).toBe(201);

    const now = new Date();
    const report = await deliverDue(deps(), now);
    expect(report).toMatchObject({ attempted: 1, delivered: 1 });
    expect(rx.hits).toHaveLength(1);
    const hit = rx.hits[0]!;
    const header = String(hit.headers['tradeapi-signature']);
    expect(verify(header, hit.body, secret, Math.floor(now.getTime() / 1000))).toBe(true);
    expect(verify(header, hit.body.replace('gated_in', 'delivered'), secret, Math.floor(now.getTime() / 1000))).toBe(false);
    expect(verify(header, hit.body, 'whsec_' + 'A'.repeat(43), Math.floor(now.getTime() / 1000))).toBe(false);
    expect(verify(header, hit.body, secret, Math.floor(now.getTime() / 1000) + 3600)).toBe(false);
    const body = JSON.parse(hit.body) as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({ type: 'shipment.status_changed', shipment_id: shipment, previous_status: 'booked', status: 'gated_in' });

    const deliveries = await call(t, 'GET', `/v1/webhooks/${id}/deliveries`, ownerA);
    expect(deliveries.body.data).toHaveLength(1);
    expect(deliveries.body.data[0]).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 200 });
    // Nothing is due any more.
    expect((await deliverDue(deps(), new Date(now.getTime() + 3600_000))).attempted).toBe(0);
  });

  it('retries with backoff, then fails the delivery and disables the subscription after repeated failures', async () => {
    answer = 500;
    const shipment = await insertShipment(get().store.db, { carrier: 'FAILS' });
    const created = await subscribe({ url: rx.url(), events: ['shipment.status_changed'], filter: { carrier: 'FAILS' } });
    const id = String(created.body.data[0]!.webhook_id);
    await moveTo(shipment, 'GTIN', '2024-03-01T08:00:00Z');
    const t0 = Date.now();
    const at = (s: number) => new Date(t0 + s * 1000);

    expect(await deliverDue(deps(), at(0))).toMatchObject({ attempted: 1, retrying: 1 });
    // Not due before the first backoff step (60 s).
    expect((await deliverDue(deps(), at(59))).attempted).toBe(0);
    expect(await deliverDue(deps(), at(60))).toMatchObject({ attempted: 1, retrying: 1 });
    // Second step doubles: due 120 s after the second attempt.
    expect((await deliverDue(deps(), at(179))).attempted).toBe(0);
    expect(await deliverDue(deps(), at(180))).toMatchObject({ attempted: 1, failed: 1, disabled: [] });
    expect(rx.hits).toHaveLength(3);
    let d = (await call(t, 'GET', `/v1/webhooks/${id}/deliveries`, ownerA)).body.data[0]!;
    expect(d).toMatchObject({ status: 'failed', attempts: 3, last_status_code: 500 });

    // A second delivery failing all its attempts makes two in a row: the subscription is disabled.
    await moveTo(shipment, 'LOAD', '2024-03-02T08:00:00Z');
    for (const s of [200, 260, 380]) await deliverDue(deps(), at(s));
    const hook = (await call(t, 'GET', '/v1/webhooks', ownerA)).body.data.find((w) => w.webhook_id === id)!;
    expect(hook).toMatchObject({ status: 'disabled', consecutive_failures: 2 });
    expect(hook.disabled_at).not.toBeNull();

    // A disabled subscription gets nothing more queued.
    await moveTo(shipment, 'DEPA', '2024-03-03T08:00:00Z');
    expect((await deliverDue(deps(), at(400))).attempted).toBe(0);
    d = (await call(t, 'GET', `/v1/webhooks/${id}/deliveries`, ownerA)).body.data[0]!;
    expect(d.status).toBe('failed');
  });

  it('treats 410 Gone as final and a redirect as a failure it does not follow', async () => {
    const shipment = await insertShipment(get().store.db, { carrier: 'GONE' });
    const gone = await subscribe({ url: rx.url('/gone'), events: ['shipment.status_changed'], filter: { carrier: 'GONE' } });
    const redirect = await subscribe({ url: rx.url('/redirect'), events: ['shipment.status_changed'], filter: { carrier: 'GONE' } });
    await moveTo(shipment, 'GTIN', '2024-03-01T08:00:00Z');
    const report = await deliverDue(deps(), new Date());
    expect(report).toMatchObject({ attempted: 2, failed: 1, retrying: 1 });
    expect(report.disabled).toEqual([gone.body.data[0]!.webhook_id]);
    expect(rx.hits.map((h) => h.path).sort()).toEqual(['/gone', '/redirect']);
    const r = (await call(t, 'GET', `/v1/webhooks/${String(redirect.body.data[0]!.webhook_id)}/deliveries`, ownerA)).body.data[0]!;
    expect(r).toMatchObject({ status: 'pending', last_status_code: 302 });
  });

  it('does not call a private receiver when the operator does not allow it', async () => {
    const shipment = await insertShipment(get().store.db, { carrier: 'SSRF' });
    const hook = await subscribe({ url: rx.url(), events: ['shipment.status_changed'], filter: { carrier: 'SSRF' } });
    await moveTo(shipment, 'GTIN', '2024-03-01T08:00:00Z');
    const report = await deliverDue(deps(FAST, false), new Date());
    expect(report.attempted).toBe(1);
    expect(rx.hits).toHaveLength(0);
    const d = (await call(t, 'GET', `/v1/webhooks/${String(hook.body.data[0]!.webhook_id)}/deliveries`, ownerA)).body.data[0]!;
    expect(String(d.last_error)).toMatch(/refused/);
  });

  it('queues new records that match a saved filter', async () => {
    const hook = await subscribe({ url: rx.url(), events: ['records.new'], filter: { flow: 'export', hs: '6109', country: ['DE'] } });
    const id = String(hook.body.data[0]!.webhook_id);
    const base = { flow: 'export' as const, partner_country: 'DE', company_id: 1, port: 'TRMER', transport_mode: 'sea', customs_office: '330100', value_usd: 1000 };
    const queued = await notifyNewRecords(get().store.db, [
      { ...base, record_id: 'a', gtips: ['610910000011'] },
      { ...base, record_id: 'b', gtips: ['620342000000'] },
      { ...base, record_id: 'c', gtips: ['610990000000'], partner_country: 'FR' },
      { ...base, record_id: 'd', gtips: ['610990000000'] },
    ]);
    expect(queued).toBeGreaterThanOrEqual(1);
    await deliverDue(deps(), new Date());
    const mine = rx.hits.map((h) => JSON.parse(h.body) as { webhook_id: string; data: { record_ids: string[]; count: number } }).find((b) => b.webhook_id === id);
    expect(mine?.data).toMatchObject({ count: 2, record_ids: ['a', 'd'] });
  });
  it('writes a batch\'s records.new event in the batch\'s transaction and delivers it with one event id on every retry (finding 3)', async () => {
    const hook = await subscribe({ url: rx.url('/outbox'), events: ['records.new'] });
    const id = String(hook.body.data[0]!.webhook_id);
    const db = get().store.db;
    const before = (await db.selectFrom('webhook_events').selectAll().execute()).length;
    // A batch that rolls back announces nothing.
    await expect(
      writeBatch(get().store, makeDeclarations(2, 0, 'OBX'), { batchKey: 'outbox-rolled-back', source: 'test', alsoWrite: () => Promise.reject(new Error('boom')) }),
    ).rejects.toThrow('boom');
    expect(await db.selectFrom('webhook_events').selectAll().execute()).toHaveLength(before);

    const written = await writeBatch(get().store, makeDeclarations(3, 0, 'OBX'), { batchKey: 'outbox-committed', source: 'test' });
    expect(written.stored).toBe(3);
    const events = await db.selectFrom('webhook_events').selectAll().where('payload', '=', JSON.stringify({ batch_id: written.batch_id })).execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.event_id).toMatch(/^evt_/);

    answer = 500;
    const now = new Date();
    await deliverDue(deps(), now);
    answer = 200;
    await deliverDue(deps(), new Date(now.getTime() + 61_000));
    const mine = rx.hits.filter((h) => h.path === '/outbox');
    expect(mine).toHaveLength(2);
    for (const h of mine) {
      const body = JSON.parse(h.body) as { event_id: string; webhook_id: string; data: { count: number } };
      expect(body).toMatchObject({ event_id: events[0]!.event_id, webhook_id: id, data: { count: 3 } });
      expect(h.headers['tradeapi-event-id']).toBe(events[0]!.event_id);
    }
    // Dispatched once: a later pass adds no second delivery of the event.
    await deliverDue(deps(), new Date(now.getTime() + 3600_000));
    expect(await db.selectFrom('webhook_deliveries').selectAll().where('event_id', '=', events[0]!.event_id).where('webhook_id', '=', id).execute()).toHaveLength(1);
  });
  it('removes dispatched events from the outbox after their retention, and only those', async () => {
    const db = get().store.db;
    const hook = await subscribe({ url: rx.url('/pruned'), events: ['records.new'] });
    const id = String(hook.body.data[0]!.webhook_id);
    const written = await writeBatch(get().store, makeDeclarations(2, 0, 'PRN'), { batchKey: 'outbox-pruned', source: 'test' });
    const event = await db.selectFrom('webhook_events').selectAll().where('payload', '=', JSON.stringify({ batch_id: written.batch_id })).executeTakeFirstOrThrow();
    answer = 500;
    const now = new Date();
    await deliverDue(deps(), now);
    // A day later (the retention of these deps) the event stays: it was dispatched less than 24 h ago.
    answer = 500;
    await deliverDue(deps(), new Date(now.getTime() + 23 * 3600_000));
    expect(await db.selectFrom('webhook_events').select('id').where('id', '=', event.id).execute()).toHaveLength(1);
    // An event not yet dispatched is never removed, however old.
    const pending = await db.insertInto('webhook_events').values({ event_id: 'evt_pending_old', event: 'unknown.kind', payload: '{}', created_at: new Date(0).toISOString(), dispatched_at: null }).returning('id').executeTakeFirstOrThrow();
    await pruneDispatched(db, new Date(now.getTime() + 48 * 3600_000));
    expect(await db.selectFrom('webhook_events').select('id').where('id', '=', event.id).execute()).toHaveLength(0);
    expect(await db.selectFrom('webhook_events').select('id').where('id', '=', pending.id).execute()).toHaveLength(1);
    await db.deleteFrom('webhook_events').where('id', '=', pending.id).execute();
    // Its delivery still retries from its own row, with the same event id.
    answer = 200;
    const before = rx.hits.filter((h) => h.path === '/pruned').length;
    await deliverDue(deps(), new Date(now.getTime() + 49 * 3600_000));
    const sent = rx.hits.filter((h) => h.path === '/pruned');
    expect(sent.length).toBe(before + 1);
    expect(JSON.parse(sent[sent.length - 1]!.body)).toMatchObject({ event_id: event.event_id, webhook_id: id });
  });
  it('stops deliveries of a key that has been revoked (finding 4)', async () => {
    const k = await t.key(['webhooks:write']);
    const tok = (await t.app.inject({ method: 'POST', url: '/v1/auth/token', payload: { api_key: k.api_key, api_secret: k.api_secret } })).json().data[0].access_token as string;
    const shipment = await insertShipment(get().store.db, { carrier: 'REVOKED' });
    expect((await subscribe({ url: rx.url(), events: ['shipment.status_changed'], filter: { carrier: 'REVOKED' } }, tok)).status).toBe(201);
    await moveTo(shipment, 'GTIN', '2024-03-01T08:00:00Z');
    const admin = await t.token(['admin']);
    expect((await call(t, 'DELETE', `/v1/admin/api-keys/${k.key_id}`, admin)).status).toBe(200);
    const report = await deliverDue(deps(), new Date());
    expect(report.attempted).toBe(0);
    expect(report.cancelled).toBe(1);
    expect(rx.hits).toHaveLength(0);
  });
  it('caps the active subscriptions of one key (finding 3)', async () => {
    const k = await t.token(['webhooks:write']);
    for (let i = 0; i < MAX_WEBHOOKS_PER_KEY; i++) {
      expect((await subscribe({ url: rx.url(), events: ['records.new'] }, k)).status).toBe(201);
    }
    const over = await subscribe({ url: rx.url(), events: ['records.new'] }, k);
    expect(over.status).toBe(409);
    expect(over.body.error?.message).toMatch(/at most/);
  }, 60_000);
});
