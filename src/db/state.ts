// What a process keeps in memory for one store (indexes, copies, caches, the analytic store) lives
// here, in one container per store: opened with the store and closed by `store.close()`. A module
// declares each slot once, with a `StateKey`, and reaches it through `stateOf(db)`; nothing is kept
// in module-scope maps, so two stores in one process (tests, tools) never see each other's state
// and closing a store releases all of it.
import type { Kysely } from 'kysely';
import type { DB } from './schema.js';

/** A slot of per-store state, declared once by the module that owns it. */
export interface StateKey<T> {
  /** Names the slot in errors. */
  readonly name: string;
  /** Makes the slot's value on first use. */
  readonly create: () => T;
  /** Releases what the value holds when the store closes (awaited). */
  readonly close?: (value: T) => void | Promise<void>;
  /**
   * This process committed records to the store: drops what was derived from them. (Other
   * processes' commits are seen through each cache's own data version or age.)
   */
  readonly changed?: (value: T) => void;
}

export function stateKey<T>(key: StateKey<T>): StateKey<T> {
  return Object.freeze({ ...key });
}

export class StoreState {
  private readonly slots = new Map<StateKey<unknown>, unknown>();
  private closed = false;

  constructor(private readonly onClose: () => void = () => undefined) {}

  /** The slot's value, made on first use. Once closed, a value is made for the caller and not kept. */
  get<T>(key: StateKey<T>): T {
    if (this.slots.has(key as StateKey<unknown>)) return this.slots.get(key as StateKey<unknown>) as T;
    const value = key.create();
    if (!this.closed) this.slots.set(key as StateKey<unknown>, value);
    return value;
  }

  /** The slot's value if it was made already. */
  peek<T>(key: StateKey<T>): T | undefined {
    return this.slots.get(key as StateKey<unknown>) as T | undefined;
  }

  /** Forgets the slot's value, closing it; the next `get` makes a new one. */
  async delete<T>(key: StateKey<T>): Promise<void> {
    if (!this.slots.has(key as StateKey<unknown>)) return;
    const value = this.slots.get(key as StateKey<unknown>) as T;
    this.slots.delete(key as StateKey<unknown>);
    await key.close?.(value);
  }

  /** How many slots hold a value. */
  get size(): number {
    return this.slots.size;
  }

  /** This process committed records to the store: each slot drops what was derived from them. */
  changed(): void {
    for (const [key, value] of this.slots) key.changed?.(value);
  }

  /** Closes every slot, the last made first (they may use earlier ones), and forgets them all. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onClose();
    const held = [...this.slots].reverse();
    this.slots.clear();
    const failures: unknown[] = [];
    for (const [key, value] of held) {
      try {
        await key.close?.(value);
      } catch (err) {
        failures.push(err);
      }
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, 'closing the store state failed');
  }
}

// The one map from a store's handle to its state: query functions take `db` (the store's Kysely
// instance) first, so this is how they reach it. An entry is removed when its store closes.
const states = new WeakMap<Kysely<DB>, StoreState>();

/** Opens the state of a store (src/db/connect.ts, when the store is opened). */
export function openState(db: Kysely<DB>): StoreState {
  const state = new StoreState(() => states.delete(db));
  states.set(db, state);
  return state;
}

/**
 * The state of the store behind `db`. A handle that is no open store's (a transaction, a closed
 * store) gets an empty state of its own that nothing keeps: it caches nothing.
 */
export function stateOf(db: Kysely<DB>): StoreState {
  return states.get(db) ?? new StoreState();
}
