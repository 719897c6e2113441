// The webhook delivery worker: a loop inside the API process that dispatches the outbox's events
// into deliveries (dispatch.ts), picks due deliveries, sends them signed, records each attempt and
// schedules retries with backoff. `deliverDue` is one pass and
// takes the time as an argument, so tests drive it without timers.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Store } from '../db/connect.js';
import { signPayload, SIGNATURE_HEADER } from '../domain/webhooks/signing.js';
import { DEFAULT_RETRY_POLICY, afterAttempt, recordDeliveryResult, type RetryPolicy } from '../domain/webhooks/retry.js';
import { sendSigned, type SendResult } from './send.js';
import { dispatchEvents, pruneDispatched } from './dispatch.js';

export interface WorkerDeps {
  store: Pick<Store, 'db' | 'engine'>;
  config: { allowPrivateWebhooks: boolean; webhookEventRetentionHours: number };
  policy?: RetryPolicy;
  /** Per attempt, connection to last byte. */
  timeoutMs?: number;
  random?: () => number;
  /** Deliveries taken per pass. */
  batchSize?: number;
  send?: typeof sendSigned;
}

export interface PassReport {
  attempted: number;
  delivered: number;
  retrying: number;
  failed: number;
  cancelled: number;
  disabled: string[];
}

// A claimed delivery is not due again until this lease runs out, so a second process (or a pass
// that outlives its interval) does not send it twice; a crash mid-send retries after the lease.
const LEASE_MS = 5 * 60_000;

export async function deliverDue(deps: WorkerDeps, now: Date = new Date()): Promise<PassReport> {
  const db = deps.store.db;
  const policy = deps.policy ?? DEFAULT_RETRY_POLICY;
  const report: PassReport = { attempted: 0, delivered: 0, retrying: 0, failed: 0, cancelled: 0, disabled: [] };
  await dispatchEvents(deps.store, now);
  await pruneDispatched(db, new Date(now.getTime() - deps.config.webhookEventRetentionHours * 3_600_000));
  const due = await db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
    .leftJoin('api_keys', 'api_keys.id', 'webhooks.key_id')
    .select([
      'api_keys.status as key_status',
      'webhook_deliveries.id as id',
      'webhook_deliveries.payload as payload',
      'webhook_deliveries.event as event',
      'webhook_deliveries.event_id as event_id',
      'webhook_deliveries.attempts as attempts',
      'webhook_deliveries.next_attempt_at as next_attempt_at',
      'webhooks.id as webhook_id',
      'webhooks.url as url',
      'webhooks.secret as secret',
      'webhooks.status as webhook_status',
    ])
    .where('webhook_deliveries.status', '=', 'pending')
    .where('webhook_deliveries.next_attempt_at', '<=', now.toISOString())
    .orderBy('webhook_deliveries.next_attempt_at')
    .orderBy('webhook_deliveries.id')
    .limit(deps.batchSize ?? 50)
    .execute();

  const deliverOne = async (d: (typeof due)[number]): Promise<void> => {
    if (!(await claim(db, Number(d.id), d.next_attempt_at as string, now))) return;
    // A revoked key's subscriptions stop with it: nothing more is sent on its behalf.
    if (d.webhook_status !== 'active' || d.key_status !== 'active') {
      const why = d.webhook_status !== 'active' ? 'subscription disabled' : 'API key revoked';
      await db.updateTable('webhook_deliveries').set({ status: 'cancelled', next_attempt_at: null, last_error: why }).where('id', '=', d.id).execute();
      report.cancelled++;
      return;
    }
    const attempt = Number(d.attempts) + 1;
    const sentAt = Math.floor(now.getTime() / 1000);
    // The event id is the same on every retry and every process's attempt: a receiver drops what it has seen.
    const eventId = d.event_id ?? `dlv_${String(d.id)}`;
    const body = JSON.stringify({ event_id: eventId, delivery_id: Number(d.id), webhook_id: d.webhook_id, attempt, data: JSON.parse(d.payload) as unknown });
    const result: SendResult = await (deps.send ?? sendSigned)(
      d.url,
      body,
      { [SIGNATURE_HEADER]: signPayload(body, d.secret, sentAt), 'Tradeapi-Event': d.event, 'Tradeapi-Delivery': String(d.id), 'Tradeapi-Event-Id': eventId },
      { allowPrivate: deps.config.allowPrivateWebhooks, timeoutMs: deps.timeoutMs ?? 10_000 },
    );
    report.attempted++;
    const next = afterAttempt(attempt, result.status, policy, deps.random);
    const common = { attempts: attempt, last_status_code: result.status, last_error: result.error };
    if (next.outcome === 'retry') {
      const at = new Date(now.getTime() + (next.delay_seconds as number) * 1000).toISOString();
      await db.updateTable('webhook_deliveries').set({ ...common, next_attempt_at: at }).where('id', '=', d.id).execute();
      report.retrying++;
      return;
    }
    const delivered = next.outcome === 'delivered';
    await db
      .updateTable('webhook_deliveries')
      .set({ ...common, status: delivered ? 'delivered' : 'failed', next_attempt_at: null, delivered_at: delivered ? now.toISOString() : null })
      .where('id', '=', d.id)
      .execute();
    if (delivered) report.delivered++;
    else report.failed++;
    if (await settle(db, d.webhook_id, delivered, result.status === 410, policy, now)) report.disabled.push(d.webhook_id);
  };
  // Several receivers at once, each bounded by its timeout: one silent receiver holds one lane,
  // not every tenant's deliveries. A subscription's own deliveries stay in order within a lane
  // only loosely; receivers order by the event's own time.
  let next = 0;
  const lane = async () => {
    while (next < due.length) await deliverOne(due[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(DELIVERY_LANES, due.length) }, lane));
  return report;
}

/** Deliveries sent at the same time by one worker. */
const DELIVERY_LANES = 8;

async function claim(db: Kysely<DB>, id: number, dueAt: string, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: new Date(now.getTime() + LEASE_MS).toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '=', dueAt)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Updates the subscription after a delivery ended; true when this disabled it. */
async function settle(db: Kysely<DB>, webhookId: string, delivered: boolean, gone: boolean, policy: RetryPolicy, now: Date): Promise<boolean> {
  const hook = await db.selectFrom('webhooks').select(['consecutive_failures', 'status']).where('id', '=', webhookId).executeTakeFirst();
  if (!hook) return false;
  const before = { consecutive_failures: Number(hook.consecutive_failures), disabled: hook.status !== 'active' };
  const after = recordDeliveryResult(before, delivered, policy, gone);
  const disabling = after.disabled && !before.disabled;
  await db
    .updateTable('webhooks')
    .set({
      consecutive_failures: after.consecutive_failures,
      ...(disabling ? { status: 'disabled', disabled_at: now.toISOString() } : {}),
    })
    .where('id', '=', webhookId)
    .execute();
  return disabling;
}

export interface WebhookWorker {
  stop(): Promise<void>;
}

/** Runs `deliverDue` every `intervalMs` until stopped; stop() waits for the pass in flight. */
export function startWebhookWorker(deps: WorkerDeps & { log?: (msg: string, err?: unknown) => void }, intervalMs = 5_000): WebhookWorker {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopped) return;
    running = deliverDue(deps)
      .catch((err: unknown) => deps.log?.('webhook delivery pass failed', err))
      .finally(() => {
        if (!stopped) {
          timer = setTimeout(tick, intervalMs);
          timer.unref();
        }
      });
  };
  timer = setTimeout(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
