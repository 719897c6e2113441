// Background work the server starts at boot (in-memory copies, indexes built on first use
// otherwise): tracked so /v1/health can say when the process has reached its steady state.
const pending = new Set<Promise<unknown>>();

export function trackWarmUp(work: Promise<unknown>): void {
  const p = work.finally(() => pending.delete(p));
  pending.add(p);
  p.catch(() => undefined);
}

export function warmUpState(): 'running' | 'done' {
  return pending.size ? 'running' : 'done';
}
