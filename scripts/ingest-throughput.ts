// Measures ingestion throughput from an NDJSON file into a fresh store:
//   npx tsx scripts/ingest-throughput.ts [declarations=100000] [database-url=sqlite:<tmp file>] [batch-size] [thread|here]
// The file is generated first (valid declarations over a few hundred companies); only the load is
// timed. With THROUGHPUT_FILE=PATH the file is kept there and used again by the next run of the
// same size (10M declarations are 8.8 GB of NDJSON, minutes to write). Without a batch size the
// loader's default is used, as `tradeapi ingest` does; `thread` or `here` forces parsing on a
// second thread or on this one (default: a thread when a core is free). The CPU
// time of the process is printed too, and on Linux that of the writing thread alone: on a shared
// machine both move less than the wall time, and the writing thread's is about what the load takes
// when the parsing thread has a core of its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { vknCheckDigit } from '../src/domain/codes/vkn.js';
import { openStore } from '../src/db/connect.js';
import { migrate } from '../src/db/migrate.js';
import { ingestFile } from '../src/ingest/file.js';
import type { DeclarationInput } from '../src/ingest/record.js';

const count = Number(process.argv[2] ?? 100_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-throughput-'));
const url = process.argv[3] || `sqlite:${path.join(dir, 'store.sqlite')}`;
const kept = process.env.THROUGHPUT_FILE;
const file = kept || path.join(dir, 'declarations.ndjson');
const batchSize = process.argv[4] ? Number(process.argv[4]) : undefined;
const mode = process.argv[5];
const parseThread = mode === 'thread' ? true : mode === 'here' ? false : undefined;

let seed = 12345;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const vkn = (n: number) => {
  const first9 = String(100_000_000 + n);
  return first9 + String(vknCheckDigit(first9));
};

function declaration(i: number): DeclarationInput {
  const flow = rand() < 0.55 ? 'export' : 'import';
  const route = pick([['340101', 'TRIST', 'sea'], ['340105', 'XTRIST', 'air'], ['220101', 'XTRKPK', 'road'], ['330101', 'TRMER', 'sea']] as const);
  const country = pick(['DE', 'US', 'GB', 'IQ', 'IT', 'CN', 'RU', 'FR', 'ES', 'NL']);
  const items = Array.from({ length: 1 + Math.floor(rand() * 4) }, (_, k) => {
    const net = Math.round(rand() * 20_000) / 10;
    return {
      line_no: k + 1, gtip: pick(['610910000011', '870323199000', '847130000000', '720839000000', '080510200000', '392690979018']),
      description: 'goods', quantity: Math.round(net), quantity_unit: 'kg', net_weight_kg: net, gross_weight_kg: Math.round(net * 11) / 10,
      value_usd: Math.round(rand() * 10_000_000) / 100,
    };
  });
  const cents = items.reduce((a, x) => a + Math.round(x.value_usd * 100), 0);
  const net = items.reduce((a, x) => a + x.net_weight_kg, 0);
  return {
    declaration_no: `TP${String(i).padStart(10, '0')}`, flow, regime: flow === 'import' ? '4000' : '1000',
    registered_at: `2024-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`,
    customs_office: route[0], company: { tax_number: vkn(Math.floor(rand() * 500)), name: `Firma ${Math.floor(rand() * 500)} A.Ş.`, country: 'TR' },
    partner: { name: `Partner ${Math.floor(rand() * 2000)}`, country }, country_of_origin: flow === 'import' ? country : 'TR',
    country_of_destination: flow === 'export' ? country : 'TR', incoterm: pick(['FOB', 'CIF', 'EXW', 'DAP']), currency: 'USD',
    invoice_value: cents / 100, value_usd: cents / 100, transport_mode: route[2], port: route[1],
    net_weight_kg: Math.round(net * 10) / 10, gross_weight_kg: Math.round(net * 1.2 * 10) / 10, items,
  };
}

const written = `${file}.${count}.done`;
if (!kept || !fs.existsSync(written)) {
  const out = fs.createWriteStream(file);
  for (let i = 0; i < count; i++) if (!out.write(JSON.stringify(declaration(i)) + '\n')) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((r) => out.end(() => r()));
  if (kept) fs.writeFileSync(written, '');
}

const store = await openStore(url);
await migrate(store);
// utime + stime of this (the writing) thread, in seconds; null where /proc is missing.
const threadCpu = (): number | null => {
  try {
    const fields = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
};
const started = performance.now();
const cpu = process.cpuUsage();
const writerCpu = threadCpu();
// When the last batch committed: the rest is the deferred index build.
let batchesDone = started;
const summary = await ingestFile(store, file, {
  format: 'ndjson',
  source: 'throughput',
  ...(batchSize ? { batchSize } : {}),
  ...(parseThread === undefined ? {} : { parseThread }),
  onBatch: () => (batchesDone = performance.now()),
  log: (line) => console.error(line),
});
const seconds = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu);
const writerUsed = writerCpu === null ? null : Math.round((threadCpu()! - writerCpu) * 100) / 100;
await store.close();
console.log(
  JSON.stringify({
    engine: store.engine, parse: mode ?? 'default', declarations: count, stored: summary.stored, batches: summary.batches, seconds: Math.round(seconds * 100) / 100,
    cpu_seconds: Math.round((used.user + used.system) / 1e4) / 100, writing_thread_cpu_seconds: writerUsed, per_second: Math.round(count / seconds),
    batches_seconds: Math.round(batchesDone - started) / 1000, index_build_seconds: Math.round(started + seconds * 1000 - batchesDone) / 1000,
  }),
);
fs.rmSync(dir, { recursive: true, force: true });
