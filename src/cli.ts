// `tradeapi <command>`: serve, migrate, keys, and the data commands (seed, ingest, verify).
import { parseArgs } from 'node:util';
import { loadConfig, ConfigError, type Config } from './config.js';
import { openStore, type Store } from './db/connect.js';
import { startProgress, type Progress } from './progress.js';
import { migrate } from './db/migrate.js';
import { SCOPES, parseScopes } from './http/scopes.js';
import { createKey, writeAudit } from './features/auth/queries.js';
import { dataCommands } from './cli-data.js';
import { referenceCommand } from './cli-reference.js';

export interface Command {
  summary: string;
  usage: string;
  run(args: string[], ctx: { config: Readonly<Config>; openStore(): Promise<Store> }): Promise<number>;
}

const commands: Record<string, Command> = {
  serve: {
    summary: 'start the HTTP API (same as npm start)',
    usage: 'tradeapi serve',
    async run() {
      await import('./main.js');
      return -1; // keeps running
    },
  },
  migrate: {
    summary: 'apply database migrations',
    usage: 'tradeapi migrate',
    async run(_args, ctx) {
      const store = await ctx.openStore();
      try {
        const done = await migrate(store);
        console.log(done.length ? `applied: ${done.join(', ')}` : 'schema is up to date');
        return 0;
      } finally {
        await store.close();
      }
    },
  },
  keys: {
    summary: 'create an API key: keys create --name NAME --scopes a,b [--rate-limit N] [--quota N]',
    usage: `tradeapi keys create --name NAME --scopes ${SCOPES.join(',')} [--plan P] [--rate-limit N] [--quota N]`,
    async run(args, ctx) {
      const { positionals, values } = parseArgs({
        args,
        allowPositionals: true,
        options: { name: { type: 'string' }, scopes: { type: 'string' }, plan: { type: 'string' }, 'rate-limit': { type: 'string' }, quota: { type: 'string' } },
      });
      if (positionals[0] !== 'create' || !values.name || !values.scopes) {
        console.error(`usage: ${this.usage}`);
        return 2;
      }
      const requested = values.scopes.split(',').map((s) => s.trim()).filter(Boolean);
      const scopes = parseScopes(requested.join(' '));
      const unknown = requested.filter((s) => !scopes.includes(s as never));
      if (unknown.length) {
        console.error(`unknown scope(s): ${unknown.join(', ')}; allowed: ${SCOPES.join(', ')}`);
        return 2;
      }
      const num = (v: string | undefined, name: string) => {
        if (v === undefined) return undefined;
        if (!/^\d+$/.test(v) || Number(v) < 1) throw new ConfigError(`--${name} must be a positive whole number`);
        return Number(v);
      };
      const store = await ctx.openStore();
      try {
        await migrate(store);
        const key = await createKey(store.db, {
          name: values.name,
          scopes,
          plan: values.plan,
          rateLimitPerMinute: num(values['rate-limit'], 'rate-limit') ?? ctx.config.rateLimitPerMinute,
          monthlyQuota: num(values.quota, 'quota') ?? null,
        });
        await writeAudit(store.db, { keyId: null, action: 'api_key.create', targetType: 'api_key', targetId: key.key_id, details: { via: 'cli', name: values.name, scopes } });
        console.log(JSON.stringify(key));
        return 0;
      } finally {
        await store.close();
      }
    },
  },
  ...dataCommands,
  reference: referenceCommand,
};

function help(): void {
  console.log('usage: tradeapi <command> [options]\n');
  for (const [name, c] of Object.entries(commands)) console.log(`  ${name.padEnd(10)} ${c.summary}`);
  console.log('\nConfiguration comes from the environment (see README): DATABASE_URL, PORT, …');
}

async function run(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    help();
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    console.error(`tradeapi: unknown command "${name}"`);
    help();
    return 2;
  }
  const config = loadConfig();
  // One bar per catch-up of the analytic store (a rebuild, or the batches a seed or load added).
  let bar: Progress | null = null;
  let sums: Progress | null = null;
  const analytics = {
    path: config.analyticsPath,
    memoryLimitMb: config.analyticsMemoryMb,
    threads: config.analyticsThreads,
    bulkThreads: config.analyticsBulkThreads,
    pollMs: 0,
    progress: (applied: number, total: number) => {
      bar ??= startProgress({ label: 'analytic store', total, unit: 'declarations' });
      bar.update(applied, total);
      if (applied >= total) {
        bar.stop();
        bar = null;
      }
    },
    // Lines, not a bar: during a seed they come while the row store's index lines are written.
    summing: (done: number, total: number) => {
      sums ??= startProgress({ label: 'analytic sums', total, unit: 'steps', tty: false });
      sums.update(done, total);
      if (done >= total) {
        sums.stop();
        sums = null;
      }
    },
  };
  return command.run(rest, { config, openStore: () => openStore(config.databaseUrl, { analytics }) });
}

run(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err) => {
    console.error(`tradeapi: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(err instanceof ConfigError || (err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? 2 : 1);
  },
);
