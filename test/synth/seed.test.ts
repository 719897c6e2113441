import { describe, it, expect } from 'vitest';
import { describeEachStore } from '../helpers/stores.js';
import { seedStore, StoreNotEmptyError } from '../../src/synth/seed.js';
import { generate } from '../../src/synth/generate.js';
import { buildParties } from '../../src/synth/companies.js';
import { seedIfEmpty } from '../../src/synth/seed-if-empty.js';
import { loadConfig } from '../../src/config.js';
import type { Store } from '../../src/db/connect.js';
import type { Month } from '../../src/synth/calendar.js';

const from: Month = { year: 2023, month: 1, period: 202301 };
const to: Month = { year: 2024, month: 6, period: 202406 };
const N = 1500;

// What the generator says the store must hold, computed without a store: every engine must match it.
function expected() {
  let cents = 0;
  let items = 0;
  let bls = 0;
  let shipments = 0;
  let events = 0;
  const boxes = new Set<string>();
  for (const g of generate({ seed: 11, declarations: N, from, to })) {
    cents += Math.round(g.drawn.record.value_usd * 100);
    items += g.drawn.record.items.length;
    if (g.bl) bls++;
    for (const c of g.containers) boxes.add(`${c.bl_number}|${c.container_no}`);
    if (g.shipment) {
      shipments++;
      events += g.shipment.events.length;
    }
  }
  const parties = buildParties(11, N);
  return { cents, items, bls, containers: boxes.size, shipments, events, companies: parties.turkish.length + parties.foreign.length, contacts: parties.contacts.length };
}

async function count(store: Store, table: 'declarations' | 'declaration_items' | 'bills_of_lading' | 'containers' | 'shipments' | 'shipment_events' | 'companies' | 'contacts'): Promise<number> {
  const row = await store.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('seed: expected totals', () => {
  it('are stable for a seed (the numbers every engine must reproduce)', () => {
    expect(expected()).toEqual(expected());
  });
});

describeEachStore('seedStore', (get) => {
  const want = expected();

  it('stores exactly what the generator produced', async () => {
    const { store } = get();
    const s = await seedStore(store, { seed: 11, declarations: N, from, to, batchSize: 400 });
    expect(s.rejected).toBe(0);
    expect(s.declarations).toBe(N);
    expect(await count(store, 'declarations')).toBe(N);
    expect(await count(store, 'declaration_items')).toBe(want.items);
    expect(await count(store, 'bills_of_lading')).toBe(want.bls);
    expect(await count(store, 'containers')).toBe(want.containers);
    expect(await count(store, 'shipments')).toBe(want.shipments);
    expect(await count(store, 'shipment_events')).toBe(want.events);
    expect(await count(store, 'companies')).toBe(want.companies);
    expect(await count(store, 'contacts')).toBe(want.contacts);
    const total = await store.db.selectFrom('declarations').select((eb) => eb.fn.sum<number>('value_usd_cents').as('v')).executeTakeFirstOrThrow();
    expect(Number(total.v)).toBe(want.cents);
  });

  it('links sea declarations to their bills of lading and shipments to declarations and firms', async () => {
    const { store } = get();
    const orphanBl = await store.db
      .selectFrom('declarations')
      .leftJoin('bills_of_lading', 'bills_of_lading.bl_number', 'declarations.bl_number')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('declarations.transport_mode', '=', 'sea')
      .where('bills_of_lading.bl_number', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(orphanBl.n)).toBe(0);
    const unlinked = await store.db.selectFrom('shipments').select((eb) => eb.fn.countAll().as('n')).where((eb) => eb.or([eb('declaration_id', 'is', null), eb('company_id', 'is', null)])).executeTakeFirstOrThrow();
    expect(Number(unlinked.n)).toBe(0);
    const tr = await store.db.selectFrom('companies').select(['aliases', 'sector', 'size_band']).where('country', '=', 'TR').limit(5).execute();
    for (const c of tr) {
      expect(JSON.parse(c.aliases).length).toBeGreaterThanOrEqual(2);
      expect(c.sector).toBeTruthy();
      expect(['large', 'medium', 'small', 'micro']).toContain(c.size_band);
    }
    const emails = await store.db.selectFrom('contacts').select('email').execute();
    for (const e of emails) expect(e.email).toMatch(/@[a-z0-9-]+\.example$/);
  });

  it('refuses to seed a store that has declarations, unless appending', async () => {
    const { store } = get();
    await expect(seedStore(store, { seed: 11, declarations: N, from, to })).rejects.toBeInstanceOf(StoreNotEmptyError);
    const s = await seedStore(store, { seed: 12, declarations: 200, from, to, append: true });
    expect(s.declarations).toBe(200);
    expect(await count(store, 'declarations')).toBe(N + 200);
  });

  it('seedIfEmpty leaves a store with data alone', async () => {
    const { store } = get();
    expect(await seedIfEmpty(store, { ...loadConfig({}), seedDeclarations: 100 }, () => {})).toBe(false);
  });
});

describeEachStore('seedIfEmpty on an empty store', (get) => {
  it('seeds the configured number of declarations over the 36 months before today', async () => {
    const { store } = get();
    const messages: string[] = [];
    const done = await seedIfEmpty(store, { ...loadConfig({}), seedDeclarations: 300, seedValue: 5 }, (m) => messages.push(m), new Date('2025-07-15T00:00:00Z'));
    expect(done).toBe(true);
    expect(await count(store, 'declarations')).toBe(300);
    const range = await store.db.selectFrom('declarations').select((eb) => [eb.fn.min('registered_at').as('lo'), eb.fn.max('registered_at').as('hi')]).executeTakeFirstOrThrow();
    expect(String(range.lo) >= '2022-07-01').toBe(true);
    expect(String(range.hi) <= '2025-06-30').toBe(true);
    expect(messages.join('\n')).toMatch(/300 declarations/);
  });
});
