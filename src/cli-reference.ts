// `tradeapi reference download [--dir DIR] [--from URL] [--only f1,f2]`: fetches the public
// nomenclature files the classifier indexes into REFERENCE_DATA_DIR (docs/hs-codes.md), where the
// server reads them on its next start. All or nothing: see src/reference/download.ts.
import { parseArgs } from 'node:util';
import path from 'node:path';
import type { Command } from './cli.js';
import { startProgress, type Progress } from './progress.js';
import { REFERENCE_SOURCES } from './reference/reference-sources.js';
import { ReferenceDownloadError, downloadReferenceFiles, planDownloads } from './reference/download.js';

const USAGE = 'usage: tradeapi reference download [--dir DIR] [--from URL] [--only FILE,…]   (DIR defaults to REFERENCE_DATA_DIR; URL to REFERENCE_BASE_URL)';

export const referenceCommand: Command = {
  summary: 'download the public nomenclature files the classifier indexes: reference download [--dir DIR] [--from URL]',
  usage: USAGE,
  async run(args, ctx) {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { dir: { type: 'string' }, from: { type: 'string' }, only: { type: 'string' } },
    });
    const dir = values.dir ?? ctx.config.referenceDataDir;
    if (positionals[0] !== 'download' || positionals.length !== 1 || !dir) {
      console.error(USAGE);
      return 2;
    }
    const base = values.from ?? (process.env.REFERENCE_BASE_URL?.trim() || null);
    if (base !== null && !/^https?:\/\//.test(base)) {
      console.error(`tradeapi: --from must be an http(s) URL, got "${base}"`);
      return 2;
    }
    const only = values.only?.split(',').map((s) => s.trim()).filter(Boolean);
    const unknown = only?.filter((f) => !REFERENCE_SOURCES.some((s) => s.file === f)) ?? [];
    if (unknown.length) {
      console.error(`tradeapi: unknown reference file(s): ${unknown.join(', ')}; known: ${REFERENCE_SOURCES.map((s) => s.file).join(', ')}`);
      return 2;
    }
    const wanted = only ? REFERENCE_SOURCES.filter((s) => only.includes(s.file)) : REFERENCE_SOURCES;
    const { plans, skipped } = planDownloads(wanted, base);
    for (const s of skipped) console.log(`skipped ${s.file}: no public URL serves this layout (a conversion of ${s.upstream}); give --from a mirror that holds it`);
    if (plans.length === 0) return 1;
    let bar: Progress | null = null;
    let current = '';
    try {
      const done = await downloadReferenceFiles(path.resolve(dir), plans, {
        progress(file, bytes, total) {
          if (file !== current) {
            bar?.stop();
            current = file;
            bar = startProgress({ label: file, total: total ?? bytes, unit: 'bytes' });
          }
          bar!.update(bytes, total ?? bytes);
        },
      });
      (bar as Progress | null)?.stop();
      for (const f of done) console.log(`${f.file}: ${f.bytes.toLocaleString('en-US')} bytes, ${f.rows.toLocaleString('en-US')} rows, from ${f.url}`);
      console.log(`${done.length} file(s) written to ${path.resolve(dir)}; the server indexes them on its next start`);
      return 0;
    } catch (err) {
      (bar as Progress | null)?.stop();
      if (!(err instanceof ReferenceDownloadError)) throw err;
      console.error(`tradeapi: ${err.message}; nothing was written to ${path.resolve(dir)}`);
      return 1;
    }
  },
};
