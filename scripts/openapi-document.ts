// The OpenAPI document exactly as GET /v1/openapi.json serves it, from the app built in-process
// over an empty in-memory store (the document depends on the routes, not on the data).
//   npx tsx scripts/openapi-document.ts [out-file]      (stdout without a file)
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../src/config.js';
import { openStore } from '../src/db/connect.js';
import { buildApp } from '../src/app.js';
import { prepareDeps } from '../src/bootstrap.js';

export async function servedDocument(): Promise<string> {
  const store = await openStore('sqlite::memory:');
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent', TOKEN_SECRET: 'document-only-secret-0123456789abcdef' });
  const deps = await prepareDeps(store, config);
  const app = await buildApp(deps, { logger: false });
  try {
    const res = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`GET /v1/openapi.json answered ${res.statusCode}`);
    return JSON.stringify(JSON.parse(res.body), null, 2) + '\n';
  } finally {
    await app.close();
    await deps.usage.stop();
    await store.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const text = await servedDocument();
  if (process.argv[2]) fs.writeFileSync(process.argv[2], text);
  else process.stdout.write(text);
}
