// CPU time per classification, which a busy machine does not distort as it does wall-clock time:
// every description of the evaluation set asked twice of the tariff index in process, timed with
// process.cpuUsage; also the CPU time of building the index.
// Run: npx tsx bench/classify-cpu.ts [--data DIR]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import { buildTariffClassifier } from '../src/domain/classify/tariff-classifier.js';
import { loadKnowledge } from '../src/reference/tariff-files.js';
import { loadWordNet } from '../src/reference/wordnet.js';

const { values } = parseArgs({ options: { data: { type: 'string', default: path.join(process.cwd(), '../shared/data') } } });
const dataDir = path.resolve(values.data);
const records = parse(fs.readFileSync(path.join(dataDir, 'eval/hs-real-descriptions.csv')), { columns: true }) as Array<Record<string, string>>;
const knowledge = await loadKnowledge(dataDir);
if (!knowledge) throw new Error(`no harmonized-system.csv in ${dataDir}`);
const wordnet = await loadWordNet();
const ms = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
const b = process.cpuUsage();
const classifier = buildTariffClassifier(knowledge, wordnet);
const build = ms(process.cpuUsage(b));
const cpu: number[] = [];
for (let pass = 0; pass < 2; pass++) {
  for (const r of records) {
    const u = process.cpuUsage();
    classifier.classify(r.description!, 25);
    cpu.push(ms(process.cpuUsage(u)));
  }
}
cpu.sort((x, y) => x - y);
const at = (q: number) => cpu[Math.min(cpu.length - 1, Math.floor(q * cpu.length))]!.toFixed(2);
const mean = cpu.reduce((x, y) => x + y, 0) / cpu.length;
console.log(`index built in ${(build / 1000).toFixed(1)} s of CPU; ${cpu.length} questions: CPU p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms, mean ${mean.toFixed(2)} ms`);
