import path from 'node:path';
import { describe, it, expect } from 'vitest';
import { loadConfig } from '../src/config.js';

describe('config', () => {
  it('has working defaults: port 8080 and a SQLite file under ./data', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toMatch(/^sqlite:.*data[/\\]tradeapi\.sqlite$/);
    expect(Object.isFrozen(c)).toBe(true);
  });
  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ ACCESS_TOKEN_TTL: '-5' }, 'ACCESS_TOKEN_TTL'],
    [{ BODY_LIMIT: '12' }, 'BODY_LIMIT'],
    [{ TOKEN_SECRET: 'short' }, 'TOKEN_SECRET'],
    [{ CORS_ORIGINS: 'not a url' }, 'CORS_ORIGINS'],
    [{ DEMO_API_KEY: 'k' }, 'DEMO_API_KEY'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ REFERENCE_DATA_DIR: 'no/such/directory' }, 'REFERENCE_DATA_DIR'],
    [{ REFERENCE_DATA_DIR: 'package.json' }, 'REFERENCE_DATA_DIR'],
  ])('stops on %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });
  it('takes REFERENCE_DATA_DIR as an absolute directory, none by default', () => {
    expect(loadConfig({}).referenceDataDir).toBeNull();
    expect(loadConfig({ REFERENCE_DATA_DIR: 'src' }).referenceDataDir).toBe(path.resolve('src'));
  });
  it('selects PostgreSQL by URL and does not leak a password in the error', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@h/db' }).databaseUrl).toBe('postgres://u:p@h/db');
    expect(() => loadConfig({ DATABASE_URL: 'mongodb://u:secretpw@h/db' })).toThrow(/^(?!.*secretpw)/);
  });
});
