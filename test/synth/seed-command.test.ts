import { describe, it, expect, vi, afterEach } from 'vitest';
import { seedCommand } from '../../src/synth/seed-command.js';
import { openStore, type Store } from '../../src/db/connect.js';
import { loadConfig } from '../../src/config.js';

// One in-memory SQLite store shared by the runs; close() is a no-op so later runs see earlier data.
async function context() {
  const store = await openStore('sqlite::memory:');
  const shared: Store = { ...store, close: async () => {} };
  return { store, ctx: { config: loadConfig({}), openStore: async () => shared } };
}

describe('tradeapi seed', () => {
  afterEach(() => vi.restoreAllMocks());

  it('rejects bad arguments with exit code 2', async () => {
    const { store, ctx } = await context();
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await seedCommand.run(['--declarations', 'many'], ctx)).toBe(2);
    expect(await seedCommand.run(['--declarations', '10', '--from', '2024-05', '--to', '2024-01'], ctx)).toBe(2);
    expect(await seedCommand.run(['--declarations', '10', '--from', '2024-13'], ctx)).toBe(2);
    expect(err).toHaveBeenCalled();
    await store.close();
  });

  it('seeds, prints the calibration report, and refuses a second run without --append', async () => {
    const { store, ctx } = await context();
    const out: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((m: string) => void out.push(String(m)));
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const args = ['--declarations', '300', '--seed', '4', '--from', '2024-01', '--to', '2024-12', '--report'];
    expect(await seedCommand.run(args, ctx)).toBe(0);
    expect(out.join('\n')).toMatch(/300 declarations stored/);
    expect(out.join('\n')).toMatch(/\| export\/import ratio \| 2024 \|/);
    expect(await seedCommand.run(args, ctx)).toBe(1);
    expect(String(err.mock.calls[0]?.[0])).toMatch(/--append/);
    expect(await seedCommand.run([...args, '--append'], ctx)).toBe(0);
    const n = await store.db.selectFrom('declarations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(600);
    await store.close();
  });
});
