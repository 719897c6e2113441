// Finding 14: two batches naming the same new company, written at the same time by two
// connections (two API processes), create it once.
import { it, expect } from 'vitest';
import { describeEachStore } from '../helpers/stores.js';
import { writeBatch } from '../../src/ingest/writer.js';
import { makeDeclaration } from './fixtures.js';

describeEachStore('companies named by concurrent batches', (get) => {
  it('creates a new company once when two batches name it at the same time', async () => {
    const { store } = get();
    const partner = { name: 'Race Condition Trading GmbH', country: 'DE' };
    const company = { tax_number: '1234567890', name: 'Yarış Tekstil A.Ş.', country: 'TR', city: 'İzmir' };
    const batch = (prefix: string) => Array.from({ length: 20 }, (_, i) => ({ ...makeDeclaration(i, i + 1, prefix), partner, company: { ...company, tax_number: validTax } }));
    const validTax = (await import('./fixtures.js')).vkn('123456789');
    const results = await Promise.all([writeBatch(store, batch('RA'), { batchKey: 'race-a', source: 'test' }), writeBatch(store, batch('RB'), { batchKey: 'race-b', source: 'test' })]);
    expect(results.map((r) => r.stored)).toEqual([20, 20]);
    const partners = await store.db.selectFrom('companies').select('id').where('country', '=', 'DE').where('name', '=', partner.name).execute();
    expect(partners).toHaveLength(1);
    const owners = await store.db.selectFrom('companies').select('id').where('country', '=', 'TR').where('tax_number', '=', validTax).execute();
    expect(owners).toHaveLength(1);
  }, 60_000);
});
