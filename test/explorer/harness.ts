// What the browser tests and the screenshot script share: the real application over a seeded
// SQLite store, listening on a free port, and Debian's chromium driven by playwright-core.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { openStore } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';
import { seedStore } from '../../src/synth/seed.js';
import { defaultPeriod, formatYearMonth } from '../../src/synth/calendar.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import type { Scope } from '../../src/http/scopes.js';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM);

// The seeded data covers the 36 months up to last month, as the demo data of `npm start` does, so
// shipments still under way have estimated times; tests choose windows relative to it.
const period = defaultPeriod(new Date());
export const COVERAGE = { from: formatYearMonth(period.from), to: formatYearMonth(period.to) };

/** The month n months before a YYYY-MM month. */
export function monthsBack(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export interface Served {
  t: TestApp;
  base: string;
  key(scopes?: Scope[]): Promise<{ api_key: string; api_secret: string }>;
  close(): Promise<void>;
}

export async function serveSeeded(declarations = 400): Promise<Served> {
  const store = await openStore('sqlite::memory:');
  await migrate(store);
  await seedStore(store, { seed: 21, declarations, from: period.from, to: period.to, batchSize: declarations });
  const t = await makeTestApp(store);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return {
    t,
    base,
    key: (scopes = ['trade:read', 'companies:read', 'contacts:read', 'shipments:read']) => t.key(scopes),
    async close() {
      await t.close();
      await store.close();
    },
  };
}

/**
 * Chromium without network side trips, with a fresh profile of its own that close() removes
 * (playwright takes the profile as the persistent context's directory, not as --user-data-dir).
 */
export async function launchBrowser(): Promise<{ browser: BrowserContext; close(): Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'explorer-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    browser,
    async close() {
      await browser.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
