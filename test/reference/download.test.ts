// `tradeapi reference download` against a local HTTP server that serves the shared reference data
// (beside the repository, as the other reference tests read it): every file fetched, checked and
// renamed into place; a 404 or a file that is not the expected CSV leaves the directory untouched.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import { referenceCommand } from '../../src/cli-reference.js';
import { REFERENCE_SOURCES } from '../../src/reference/reference-sources.js';
import { loadKnowledge } from '../../src/reference/tariff-files.js';
import { loadConfig } from '../../src/config.js';

const shared = path.resolve(process.cwd(), '../shared/data');

describe('reference download', () => {
  let server: http.Server;
  let base: string;
  const dirs: string[] = [];
  // What the server does for a file name other than serving it from the shared directory.
  const overrides = new Map<string, (res: http.ServerResponse) => void>();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const name = path.basename(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
      const override = overrides.get(name);
      if (override) return override(res);
      const file = path.join(shared, name);
      if (!fs.existsSync(file)) {
        res.writeHead(404).end('not found');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/csv', 'content-length': fs.statSync(file).size });
      fs.createReadStream(file).pipe(res);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mirror`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  function tempDir(): string {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'tradeapi-download-'));
    dirs.push(d);
    return d;
  }

  async function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
    const error = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => (out.push(String(s)), true));
    try {
      const code = await referenceCommand.run(args, { config: loadConfig(env), openStore: () => Promise.reject(new Error('no store needed')) });
      return { code, out: out.join('\n'), err: err.join('\n') };
    } finally {
      log.mockRestore();
      error.mockRestore();
      write.mockRestore();
    }
  }

  it('downloads every file from the mirror, byte for byte, and the classifier reads them', async () => {
    const dir = tempDir();
    const { code, out } = await run(['download', '--from', base, '--dir', dir]);
    expect(code).toBe(0);
    expect(fs.readdirSync(dir).sort()).toEqual(REFERENCE_SOURCES.map((s) => s.file).sort());
    for (const s of REFERENCE_SOURCES) expect(fs.readFileSync(path.join(dir, s.file)).equals(fs.readFileSync(path.join(shared, s.file)))).toBe(true);
    expect(out).toContain('harmonized-system.csv: 100 %');
    expect(out).toMatch(/uk-tariff-search-references\.csv: [\d,]+ bytes, 4,006 rows/);
    const knowledge = await loadKnowledge(dir);
    expect(new Set(knowledge!.lines.map((l) => l.source))).toEqual(new Set(['hs2022', 'us-hts', 'eu-cn', 'uk-tariff', 'uk-search-terms', 'builtin']));
  }, 60_000);

  it('takes the mirror from REFERENCE_BASE_URL and the directory from REFERENCE_DATA_DIR', async () => {
    const dir = tempDir();
    process.env.REFERENCE_BASE_URL = base;
    try {
      expect((await run(['download', '--only', 'hs-sections.csv'], { REFERENCE_DATA_DIR: dir })).code).toBe(0);
    } finally {
      delete process.env.REFERENCE_BASE_URL;
    }
    expect(fs.readdirSync(dir)).toEqual(['hs-sections.csv']);
  });

  it('without a mirror, names the files only a mirror has and which URL each other comes from', async () => {
    const { plans, skipped } = (await import('../../src/reference/download.js')).planDownloads(REFERENCE_SOURCES, null);
    expect(plans.map((p) => p.source.file)).toEqual(['harmonized-system.csv', 'hs-sections.csv']);
    expect(plans.every((p) => p.url.startsWith('https://raw.githubusercontent.com/datasets/harmonized-system/'))).toBe(true);
    expect(skipped.map((s) => s.file)).toHaveLength(4);
  });

  it('a 404 is a clear error, a non-zero exit, and nothing is written', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'harmonized-system.csv'), 'section,hscode,description,parent,level\nI,01,Animals,TOTAL,2\n');
    const before = fs.readFileSync(path.join(dir, 'harmonized-system.csv'));
    overrides.set('eu-cn-2026.csv', (res) => res.writeHead(404).end('gone'));
    try {
      const { code, err } = await run(['download', '--from', base, '--dir', dir]);
      expect(code).toBe(1);
      expect(err).toMatch(/eu-cn-2026\.csv: http:\/\/127\.0\.0\.1:\d+\/mirror\/eu-cn-2026\.csv answered 404/);
      expect(err).toContain('nothing was written');
    } finally {
      overrides.clear();
    }
    // The files fetched before the failure are not put in place, and no temporary file is left.
    expect(fs.readdirSync(dir)).toEqual(['harmonized-system.csv']);
    expect(fs.readFileSync(path.join(dir, 'harmonized-system.csv')).equals(before)).toBe(true);
  }, 60_000);

  it('refuses a file that is not the expected CSV (an HTML page, an empty body, a cut download)', async () => {
    const cases: Array<[string, (res: http.ServerResponse) => void, RegExp]> = [
      ['hs-sections.csv', (res) => res.writeHead(200).end('<html><body>Sign in</body></html>\n'), /hs-sections\.csv: expected the header section,name/],
      ['hs-sections.csv', (res) => res.writeHead(200).end(''), /hs-sections\.csv: .* sent an empty file/],
      ['hs-sections.csv', (res) => res.writeHead(200).end('section,name\n'), /hs-sections\.csv: header only/],
      ['hs-sections.csv', (res) => {
        res.writeHead(200, { 'content-length': 5000 });
        res.write('section,name\nI,Live animals\n');
        setTimeout(() => res.destroy(), 20);
      }, /hs-sections\.csv: (download from .* broke off|got \d+ of 5000 bytes)/],
    ];
    for (const [file, serve, message] of cases) {
      const dir = tempDir();
      overrides.set(file, serve);
      try {
        const { code, err } = await run(['download', '--from', base, '--dir', dir, '--only', 'harmonized-system.csv,hs-sections.csv']);
        expect(code).toBe(1);
        expect(err).toMatch(message);
      } finally {
        overrides.clear();
      }
      expect(fs.readdirSync(dir)).toEqual([]);
    }
  }, 60_000);

  it('rejects a bad command line with exit code 2', async () => {
    expect((await run(['download'])).code).toBe(2);
    expect((await run(['download', '--dir', tempDir(), '--from', 'ftp://x'])).code).toBe(2);
    expect((await run(['download', '--dir', tempDir(), '--only', 'nope.csv'])).code).toBe(2);
  });
});
