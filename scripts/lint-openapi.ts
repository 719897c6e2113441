// Lints the served OpenAPI document with Spectral (.spectral.yaml: spectral:oas + OWASP API
// Security), failing on any error. Run by CI after the code lint:  npm run lint:openapi
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { servedDocument } from './openapi-document.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
const file = path.join(dir, 'openapi.json');
fs.writeFileSync(file, await servedDocument());
const bin = path.join('node_modules', '.bin', process.platform === 'win32' ? 'spectral.cmd' : 'spectral');
const run = spawnSync(bin, ['lint', file, '--ruleset', '.spectral.yaml', '--fail-severity', 'error', '--display-only-failures', ...process.argv.slice(2)], { stdio: 'inherit' });
fs.rmSync(dir, { recursive: true, force: true });
process.exit(run.status ?? 1);
