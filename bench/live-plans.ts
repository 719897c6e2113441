// The planned requests of a server already running on a bench dataset, and a token to send them
// with: what the one-at-a-time tools (probe.ts, cost.ts) share.
import { prepareDataset, createBenchKey } from './dataset.js';
import { drawSamples } from './samples.js';
import { planOperations, type OpenApiDoc, type OperationPlan } from './requests.js';

export async function livePlans(url: string, opts: { declarations: number; seed: number; variants: number; only: string }): Promise<{ token: string; plans: OperationPlan[] }> {
  const dataset = await prepareDataset('sqlite', opts.declarations, opts.seed);
  const creds = createBenchKey(dataset.databaseUrl);
  const tokenRes = await fetch(`${url}/v1/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(creds) });
  const token = ((await tokenRes.json()) as { data: [{ access_token: string }] }).data[0].access_token;
  const doc = (await (await fetch(`${url}/v1/openapi.json`)).json()) as OpenApiDoc;
  const samples = await drawSamples(dataset.databaseUrl);
  const only = opts.only.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  const plans = planOperations(doc, samples, creds, opts.variants).filter((p) => !p.skipped && (only.length === 0 || only.includes(p.operationId.toLowerCase())));
  return { token, plans };
}
