// The TypeScript example of README.md, run as written against the server on a real socket: only
// the package name is pointed at the client's source, which is what the workspace would resolve.
import { it, expect, beforeAll, afterAll, describe, vi } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore, type Store } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { makeDeclarations } from '../ingest/fixtures.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The code between the README's client-example markers, without its fence. */
function readmeExample(): string {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const m = /<!-- client-example:start -->\s*```ts\n([\s\S]*?)```\s*<!-- client-example:end -->/.exec(readme);
  if (!m) throw new Error('README.md has no client-example block');
  return m[1]!;
}

describe('README TypeScript example', () => {
  let store: Store;
  let t: TestApp;
  beforeAll(async () => {
    store = await openStore('sqlite::memory:');
    await migrate(store);
    t = await makeTestApp(store);
    const writer = await t.token(['data:write']);
    await t.app.inject({ method: 'POST', url: '/v1/trade/records/batch', headers: { authorization: `Bearer ${writer}` }, payload: makeDeclarations(80, 0, 'E') });
    const key = await t.key(['trade:read']);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    process.env.TRADEAPI_URL = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    process.env.TRADEAPI_KEY = key.api_key;
    process.env.TRADEAPI_SECRET = key.api_secret;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  it('is ten lines of code and runs as written', async () => {
    const code = readmeExample();
    expect(code.split('\n').filter((l) => l.trim()).length).toBeLessThanOrEqual(10);
    const client = path.join(root, 'clients/typescript/src/index.ts').split(path.sep).join('/');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'readme-example-'));
    const file = path.join(dir, 'example.ts');
    fs.writeFileSync(file, code.replace(`from '@tradeapi/client'`, `from '${client}'`));
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
    try {
      await import(file);
    } finally {
      log.mockRestore();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(printed[0]).toMatch(/^exports 2024: [\d.]+ USD in \d+ declarations$/);
    // Large declarations, then one line per destination with its share.
    expect(printed.some((l) => /^E\d+ [A-Z]{2} [\d.]+$/.test(l))).toBe(true);
    expect(printed.at(-1)).toMatch(/^[A-Z]{2} 0?\.?[\d.]+$/);
  });
});
