import { describe, it, expect } from 'vitest';
import {
  DEFAULT_RETRY_POLICY,
  afterAttempt,
  classifyResponse,
  recordDeliveryResult,
  retryDelaySeconds,
  retrySchedule,
} from '../../../src/domain/webhooks/retry.js';
import type { RetryPolicy } from '../../../src/domain/webhooks/retry.js';

function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    return a / 4294967296;
  };
}

const plain: RetryPolicy = { ...DEFAULT_RETRY_POLICY, jitter: 'none' };

describe('backoff schedule', () => {
  it('doubles from one minute and stops at the six-hour cap', () => {
    expect(retrySchedule(plain)).toEqual([60, 120, 240, 480, 960, 1920, 3840, 7680, 15360, 21600, 21600]);
    expect(retrySchedule({ ...plain, max_attempts: 1 })).toEqual([]);
  });

  it('keeps equal jitter between half the step and the step', () => {
    expect(retryDelaySeconds(3, DEFAULT_RETRY_POLICY, () => 0)).toBe(120);
    const random = seeded(1);
    for (let i = 0; i < 500; i++) {
      const attempt = 1 + (i % 11);
      const ceiling = plain.base_seconds * 2 ** (attempt - 1) > 21600 ? 21600 : plain.base_seconds * 2 ** (attempt - 1);
      const d = retryDelaySeconds(attempt, DEFAULT_RETRY_POLICY, random) as number;
      expect(d).toBeGreaterThanOrEqual(ceiling / 2);
      expect(d).toBeLessThan(ceiling);
    }
  });

  it('keeps full jitter in [0, step)', () => {
    const random = seeded(2);
    const delays = Array.from({ length: 300 }, () => retryDelaySeconds(4, { ...plain, jitter: 'full' }, random) as number);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...delays)).toBeLessThan(480);
    expect(Math.min(...delays)).toBeLessThan(100); // really spread, not pinned to the top
  });

  it('is reproducible with the same random source', () => {
    expect(retrySchedule(DEFAULT_RETRY_POLICY, seeded(9))).toEqual(retrySchedule(DEFAULT_RETRY_POLICY, seeded(9)));
    expect(retrySchedule(DEFAULT_RETRY_POLICY, seeded(9))).not.toEqual(retrySchedule(DEFAULT_RETRY_POLICY, seeded(10)));
  });

  it('gives up after the last attempt and rejects attempt numbers below one', () => {
    expect(retryDelaySeconds(12, plain)).toBeNull();
    expect(retryDelaySeconds(11, plain)).toBe(21600);
    expect(() => retryDelaySeconds(0, plain)).toThrow(RangeError);
    expect(() => retryDelaySeconds(1.5, plain)).toThrow(RangeError);
  });
});

describe('responses and attempts', () => {
  it('classifies receiver answers', () => {
    expect([200, 201, 204, 299].map(classifyResponse)).toEqual(['success', 'success', 'success', 'success']);
    expect(classifyResponse(410)).toBe('permanent');
    expect([null, 199, 301, 400, 404, 408, 429, 500, 503].map(classifyResponse).every((k) => k === 'retryable')).toBe(true);
  });

  it('decides what to do after each attempt', () => {
    expect(afterAttempt(1, 204, plain)).toEqual({ outcome: 'delivered', delay_seconds: null });
    expect(afterAttempt(1, 503, plain)).toEqual({ outcome: 'retry', delay_seconds: 60 });
    expect(afterAttempt(1, 410, plain)).toEqual({ outcome: 'failed', delay_seconds: null });
    expect(afterAttempt(12, null, plain)).toEqual({ outcome: 'failed', delay_seconds: null });
  });
});

describe('subscription health', () => {
  it('disables after the configured number of failed deliveries in a row', () => {
    let health = { consecutive_failures: 0, disabled: false };
    for (let i = 1; i < 20; i++) {
      health = recordDeliveryResult(health, false);
      expect(health).toEqual({ consecutive_failures: i, disabled: false });
    }
    expect(recordDeliveryResult(health, false)).toEqual({ consecutive_failures: 20, disabled: true });
  });

  it('resets the count on success, disables at once on 410, and never re-enables by itself', () => {
    expect(recordDeliveryResult({ consecutive_failures: 19, disabled: false }, true)).toEqual({ consecutive_failures: 0, disabled: false });
    expect(recordDeliveryResult({ consecutive_failures: 0, disabled: false }, false, DEFAULT_RETRY_POLICY, true).disabled).toBe(true);
    expect(recordDeliveryResult({ consecutive_failures: 5, disabled: true }, true).disabled).toBe(true);
  });
});
