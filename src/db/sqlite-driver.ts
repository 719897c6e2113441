// Kysely's SQLite driver begins a transaction with a plain (deferred) BEGIN: the transaction reads
// under a shared lock and asks for the write lock at its first write. When another process holds
// the write lock then, or wrote since the transaction's first read, SQLite refuses the upgrade at
// once with SQLITE_BUSY, without waiting for the busy timeout (waiting could deadlock two readers
// that both want to write). Every transaction here writes, so each takes the write lock when it
// begins (BEGIN IMMEDIATE), where the busy timeout applies: a process whose transaction meets
// another's write waits for it instead of failing.
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';

export class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
