import { describe, it, expect } from 'vitest';
import { packDeclarations, packRows, unpackDeclarations, unpackRows, StringTable } from '../../src/ingest/codec.js';
import { validateDeclaration, type ValidDeclaration } from '../../src/ingest/validate.js';
import { makeDeclarations } from './fixtures.js';

function valid(n: number, prefix: string): ValidDeclaration[] {
  return makeDeclarations(n, 0, prefix).map((raw) => {
    const v = validateDeclaration(raw, '2026-01-01');
    if (!v.ok) throw new Error(JSON.stringify(v.errors));
    return v.value;
  });
}

describe('packed declarations', () => {
  it('come back field for field across the chunks of a batch, nulls, estimates and non-ASCII text included', () => {
    const list = valid(60, 'C');
    list[3] = { ...list[3]!, declarant: null, vessel: 'İSTANBUL 🚢', incoterm: null, estimated: ['value_usd', 'net_weight_kg'] };
    list[4] = { ...list[4]!, partner: { ...list[4]!.partner, name: '', city: 'Zürich', address: null } };
    list[5]!.items[0] = { ...list[5]!.items[0]!, description: 'a\u0000b', country_of_origin: null, quantity: 0.1 + 0.2 };
    // Two chunks sharing one string table, unpacked in order into one dictionary.
    const table = new StringTable();
    const first = packDeclarations(list.slice(0, 25), table);
    const second = packDeclarations(list.slice(25), table);
    // Repeated values are sent once per batch.
    expect(second.strings.length).toBeLessThan(first.strings.length);
    expect(second.strings).not.toContain('import');
    const dictionary: string[] = [];
    const back = [...unpackDeclarations(first, dictionary), ...unpackDeclarations(second, dictionary)];
    expect(back).toEqual(list);
  });

  it('post through a message port as one buffer and a list of strings', async () => {
    const list = valid(10, 'P');
    const packed = packDeclarations(list, new StringTable());
    const { port1, port2 } = new MessageChannel();
    const received = new Promise<typeof packed>((resolve) => port2.once('message', resolve));
    port1.postMessage(packed, [packed.numbers.buffer as ArrayBuffer]);
    const got = await received;
    port1.close();
    expect(packed.numbers.byteLength).toBe(0); // transferred, not copied
    expect(unpackDeclarations(got, [])).toEqual(list);
  });

  it('pack rows of strings, numbers and nulls beside the declarations of the same batch, unique cells included', () => {
    const list = valid(5, 'R');
    const rows = [
      [0, 'BL-1', 'import', 12.5, null, 'Çorlu 42'],
      [1, 'BL-2', 'import', -3, 'x', ''],
      [4, 'BL-3', 'export', 0, null, 'Çorlu 42'],
    ];
    const table = new StringTable();
    const declarations = packDeclarations(list, table);
    const packed = packRows(rows, 6, table, [1]);
    expect(packed.strings.filter((s) => s === 'Çorlu 42')).toHaveLength(1);
    const dictionary: string[] = [];
    expect(unpackDeclarations(declarations, dictionary)).toEqual(list);
    const source = unpackRows(packed, dictionary);
    const back = Array.from({ length: source.count }, (_, i) => {
      const out: (string | number | null)[] = new Array(6);
      source.fill(i, out);
      return out;
    });
    expect(back).toEqual(rows);
  });
});
