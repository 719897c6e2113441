// A seeded dataset written through the real ingestion writer, the raw rows read back for
// brute-force checks, and a test app with a trade:read token.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { Store } from '../../../src/db/connect.js';
import { writeBatch } from '../../../src/ingest/writer.js';
import { customsOfficeForPort } from '../../../src/reference/customs-offices.js';
import { invalidateSourceMeta } from '../../../src/features/shared/source-meta.js';
import { randomDeclarations } from '../../helpers/random-records.js';
import { makeTestApp, type TestApp } from '../../helpers/app.js';

export interface RawItem { gtip: string; cents: number; weight: number; qty: number }
export interface RawDecl {
  id: number; flow: 'import' | 'export'; date: string; country: string; port: string; office: string; mode: string;
  company: number; cents: number; weight: number; items: RawItem[];
}

export const OFFICES = Object.fromEntries(['TRMER', 'TRALI', 'XTRKPK'].map((p) => [p, customsOfficeForPort(p)!.code]));

export async function seed(store: Store, seedValue: number, count: number): Promise<RawDecl[]> {
  const input = randomDeclarations(seedValue, count, OFFICES, `TR${seedValue}-`);
  for (let b = 0; b * 200 < input.length; b++) {
    await writeBatch(store, input.slice(b * 200, b * 200 + 200), { batchKey: `trade-${seedValue}-${b}`, source: 'test' });
  }
  invalidateSourceMeta(store.db);
  return loadRaw(store);
}

export async function loadRaw(store: Store): Promise<RawDecl[]> {
  const rows = await store.db.selectFrom('declarations').selectAll().execute();
  const items = await store.db.selectFrom('declaration_items').selectAll().execute();
  const byDecl = new Map<number, RawItem[]>();
  for (const i of items) {
    const list = byDecl.get(Number(i.declaration_id)) ?? [];
    list.push({ gtip: i.gtip, cents: Number(i.value_usd_cents), weight: Number(i.net_weight_kg), qty: Number(i.quantity) });
    byDecl.set(Number(i.declaration_id), list);
  }
  return rows.map((d) => ({
    id: Number(d.id), flow: d.flow, date: String(d.registered_at), country: d.partner_country, port: d.port, office: d.customs_office,
    mode: d.transport_mode, company: Number(d.company_id), cents: Number(d.value_usd_cents), weight: Number(d.net_weight_kg),
    items: byDecl.get(Number(d.id)) ?? [],
  }));
}

export interface Harness {
  t: TestApp;
  token: string;
  dataDir: string;
  // Answers are checked field by field against raw sums; typing every shape here would only repeat the schemas.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  get(url: string, token?: string): Promise<{ status: number; body: any; headers: Record<string, unknown>; raw: Buffer }>;
  close(): Promise<void>;
}

export async function harness(store: Store): Promise<Harness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trade-test-'));
  const t = await makeTestApp(store, { DATA_DIR: dataDir });
  const token = await t.token(['trade:read']);
  return {
    t,
    token,
    dataDir,
    async get(url, tok = token) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tok}` } });
      const raw = res.rawPayload;
      let body: unknown = null;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        body = raw.toString('utf8');
      }
      return { status: res.statusCode, body, headers: res.headers, raw };
    },
    async close() {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const cents = (n: number) => Math.round(n * 100);
export const sum = <T>(xs: T[], f: (x: T) => number) => xs.reduce((s, x) => s + f(x), 0);
