// When to retry a failed webhook delivery, and when to give up on a subscription. Delays grow
// exponentially up to a cap; jitter spreads retries so that many subscriptions failing at once
// (one receiver down) do not come back in lockstep.

export type Jitter = 'none' | 'equal' | 'full';

export interface RetryPolicy {
  readonly base_seconds: number;
  readonly factor: number;
  readonly max_delay_seconds: number;
  /** Attempts per delivery, the first one included. */
  readonly max_attempts: number;
  readonly jitter: Jitter;
  /** Deliveries (not attempts) that failed in a row before the subscription is disabled. */
  readonly disable_after_failures: number;
}

// 1 min, 2, 4 … capped at 6 h: twelve attempts span 10 to 20 hours (depending on jitter), so a
// receiver that is down overnight still gets the event.
export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  base_seconds: 60,
  factor: 2,
  max_delay_seconds: 6 * 3600,
  max_attempts: 12,
  jitter: 'equal',
  disable_after_failures: 20,
});

/**
 * Seconds to wait after the `attempt`-th failed attempt (1-based), or null when no attempt is left.
 * `random` returns values in [0, 1); pass a seeded one for a reproducible schedule.
 */
export function retryDelaySeconds(
  attempt: number,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  random: () => number = Math.random,
): number | null {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError('attempt counts from 1');
  if (attempt >= policy.max_attempts) return null;
  const ceiling = Math.min(policy.max_delay_seconds, policy.base_seconds * policy.factor ** (attempt - 1));
  switch (policy.jitter) {
    case 'none':
      return ceiling;
    case 'equal':
      return ceiling / 2 + random() * (ceiling / 2);
    case 'full':
      return random() * ceiling;
  }
}

/** Every delay of one delivery's retries, in order. */
export function retrySchedule(policy: RetryPolicy = DEFAULT_RETRY_POLICY, random: () => number = Math.random): number[] {
  const delays: number[] = [];
  for (let attempt = 1; ; attempt++) {
    const delay = retryDelaySeconds(attempt, policy, random);
    if (delay === null) return delays;
    delays.push(delay);
  }
}

export type AttemptOutcome = 'delivered' | 'retry' | 'failed';

/**
 * 2xx is delivered. 410 Gone means the receiver wants no more: failed at once. Anything else
 * (timeouts and network errors as `null`, 4xx, 5xx) is retried, because receivers often answer
 * 4xx while they are being redeployed.
 */
export function classifyResponse(status: number | null): 'success' | 'retryable' | 'permanent' {
  if (status !== null && status >= 200 && status < 300) return 'success';
  if (status === 410) return 'permanent';
  return 'retryable';
}

export interface SubscriptionHealth {
  readonly consecutive_failures: number;
  readonly disabled: boolean;
}

/** After a delivery has ended (delivered, or all attempts failed), update the subscription. */
export function recordDeliveryResult(
  health: SubscriptionHealth,
  delivered: boolean,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  gone = false,
): SubscriptionHealth {
  if (delivered) return { consecutive_failures: 0, disabled: health.disabled };
  const failures = health.consecutive_failures + 1;
  return { consecutive_failures: failures, disabled: health.disabled || gone || failures >= policy.disable_after_failures };
}

/** What to do after one attempt: its outcome and, when retrying, the delay in seconds. */
export function afterAttempt(
  attempt: number,
  status: number | null,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  random: () => number = Math.random,
): { outcome: AttemptOutcome; delay_seconds: number | null } {
  const kind = classifyResponse(status);
  if (kind === 'success') return { outcome: 'delivered', delay_seconds: null };
  if (kind === 'permanent') return { outcome: 'failed', delay_seconds: null };
  const delay = retryDelaySeconds(attempt, policy, random);
  return delay === null ? { outcome: 'failed', delay_seconds: null } : { outcome: 'retry', delay_seconds: delay };
}
