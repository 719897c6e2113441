// Finding 5: a starting (or polling) runner takes back only jobs whose lease ran out (the process
// writing them stopped), never a job another live process is writing.
import { it, expect } from 'vitest';
import { describeEachStore } from '../helpers/stores.js';
import { createJob, claimJob, requeueInterrupted, renewLease, LEASE_MS } from '../../src/bulk/jobs.js';

describeEachStore('bulk-export leases', (get) => {
  it('requeues a job whose lease expired and leaves a leased one alone', async () => {
    const db = get().store.db;
    const live = await createJob(db, { keyId: 'k1', query: {}, format: 'csv' });
    const dead = await createJob(db, { keyId: 'k1', query: {}, format: 'csv' });
    const t0 = new Date();
    expect(await claimJob(db, live.id, t0)).not.toBeNull();
    expect(await claimJob(db, dead.id, t0)).not.toBeNull();
    // The live job's writer keeps renewing its lease; the dead one's stopped at t0.
    const later = new Date(t0.getTime() + LEASE_MS + 1000);
    await renewLease(db, live.id, new Date(later.getTime() - 1000));
    expect(await requeueInterrupted(db, later)).toBe(1);
    const rows = await db.selectFrom('bulk_export_jobs').select(['id', 'status']).where('id', 'in', [live.id, dead.id]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [live.id]: 'running', [dead.id]: 'queued' });
  });
});
