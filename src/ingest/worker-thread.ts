// Starting a module of this code base on a worker thread, from the TypeScript sources (tsx:
// `npm start`, the CLI, the tests) or from compiled JavaScript, and the rule for when a second
// thread pays.
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A second thread pays only when a core is free for it: on a machine whose other cores are busy
 * it competes with the writing thread and the load takes longer than on one thread (measured on
 * two cores with one busy: a 50,000-declaration file in 3.0-3.3 s against 2.7-2.8 s). Free here
 * means the one-minute load average leaves at least one core and a half unused.
 */
export function coreFree(): boolean {
  const cores = os.availableParallelism();
  return cores >= 2 && os.loadavg()[0]! <= cores - 1.5;
}

/**
 * Runs the module `name` (without extension) that sits beside `from` (the caller's
 * import.meta.url) on a new thread, with `data` as its workerData.
 */
export function startWorker(from: string, name: string, data: unknown): Worker {
  const ts = from.endsWith('.ts');
  const entry = new URL(`./${name}${ts ? '.ts' : '.js'}`, from).href;
  if (!ts) return new Worker(new URL(entry), { workerData: data });
  // From TypeScript sources: the thread registers tsx's loader first, from its ESM entry
  // (resolving 'tsx/esm/api' from here would give the CommonJS one).
  const pkgFile = createRequire(from).resolve('tsx/package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  const api = new URL(pkg.exports['./esm/api']!.import.default, pathToFileURL(pkgFile)).href;
  const boot = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData: data });
}
