// Revocation notices shared through Redis. Each process remembers a token's state (key active,
// token not revoked) for up to a second (features/auth/queries.ts); a key or token revoked in one
// process is announced on a Redis channel after the store has it, and every process subscribed
// forgets what it remembered at once, so its next request reads the revocation from the store.
// Redis away: the announcement is skipped (nothing waits, nothing fails) and each process sees
// the revocation in the store within the second its answer is kept.
import type { Redis } from 'ioredis';
import { REDIS_PREFIX, type SharedRedis } from './client.js';

export const REVOCATION_CHANNEL = `${REDIS_PREFIX}revocations`;

export class RevocationNotices {
  private readonly sub: Redis | null;

  constructor(
    private readonly redis: SharedRedis | null,
    /** Called for every notice, this process's own included. */
    private readonly onNotice: () => void,
  ) {
    // A subscribed connection can do nothing else, hence a second one. ioredis subscribes again
    // by itself after a reconnect; the first subscription waits for the connection.
    this.sub = redis ? redis.client.duplicate() : null;
    this.sub?.on('error', () => undefined); // reported once by the main connection
    this.sub?.on('message', (channel: string) => {
      if (channel === REVOCATION_CHANNEL) this.onNotice();
    });
    this.sub?.once('ready', () => void this.sub?.subscribe(REVOCATION_CHANNEL).catch(() => undefined));
  }

  /** After a revocation is committed: forget here at once, and tell the other processes. */
  async announce(): Promise<void> {
    this.onNotice();
    if (!this.redis?.ready()) return;
    try {
      await this.redis.client.publish(REVOCATION_CHANNEL, '1');
    } catch {
      // Redis went away meanwhile: the others see it in the store within a second.
    }
  }

  async close(): Promise<void> {
    if (!this.sub) return;
    try {
      await this.sub.quit();
    } catch {
      this.sub.disconnect();
    }
  }
}
