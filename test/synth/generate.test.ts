import { createHash } from 'node:crypto';
import { describe, it, expect, beforeAll } from 'vitest';
import { generate, planCells, type Generated } from '../../src/synth/generate.js';
import { Calibration } from '../../src/synth/calibration.js';
import { isValidVkn } from '../../src/domain/codes/vkn.js';
import { isValidContainerNumber } from '../../src/domain/codes/iso6346.js';
import { applyEvent, initialState } from '../../src/domain/shipments/state-machine.js';
import { validateDeclaration } from '../../src/ingest/validate.js';
import { customsOfficeForPort, CUSTOMS_OFFICE_BY_CODE } from '../../src/reference/customs-offices.js';
import { PORT_BY_CODE } from '../../src/reference/ports.js';
import type { Month } from '../../src/synth/calendar.js';

const ISO_TYPES = new Set(['22G1', '42G1', '45G1', '22R1', '45R1']);
const from: Month = { year: 2022, month: 1, period: 202201 };
const to: Month = { year: 2024, month: 12, period: 202412 };

function hashOf(list: Iterable<Generated>): string {
  const h = createHash('sha256');
  for (const g of list) h.update(JSON.stringify([g.drawn.record, g.bl, g.containers, g.shipment]));
  return h.digest('hex');
}

describe('generate: determinism', () => {
  it('gives identical data for the same seed, size and period, and different data for another seed', () => {
    const a = hashOf(generate({ seed: 7, declarations: 2000, from, to }));
    const b = hashOf(generate({ seed: 7, declarations: 2000, from, to }));
    const c = hashOf(generate({ seed: 8, declarations: 2000, from, to }));
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it('plans exactly N declarations over the months, each month and flow getting some', () => {
    const cells = planCells({ seed: 1, declarations: 10_000, from, to });
    expect(cells).toHaveLength(72);
    expect(cells.reduce((a, c) => a + c.count, 0)).toBe(10_000);
    for (const c of cells) expect(c.count).toBeGreaterThan(50);
  });
});

describe('generate: a 30,000-declaration dataset', () => {
  const all: Generated[] = [];
  const cal = new Calibration();
  beforeAll(() => {
    for (const g of generate({ seed: 3, declarations: 30_000, from, to })) {
      all.push(g);
      cal.add(g.drawn.record);
    }
  });

  it('passes the ingestion validator on every record', () => {
    const failures: unknown[] = [];
    for (const g of all) {
      const v = validateDeclaration(g.drawn.record, '2030-01-01');
      if (!v.ok) failures.push({ no: g.drawn.record.declaration_no, errors: v.errors });
    }
    expect(failures.slice(0, 3)).toEqual([]);
  });

  it('has unique declaration numbers of the form YY + office + EX/IM + serial', () => {
    const seen = new Set<string>();
    const bad: string[] = [];
    for (const { drawn: { record: r } } of all) {
      const m = /^(\d{2})(\d{6})(EX|IM)(\d{6,})$/.exec(r.declaration_no);
      const ok = m && m[1] === r.registered_at.slice(2, 4) && m[2] === r.customs_office && m[3] === (r.flow === 'export' ? 'EX' : 'IM');
      if (!ok || seen.has(r.declaration_no)) bad.push(r.declaration_no);
      seen.add(r.declaration_no);
    }
    expect(bad).toEqual([]);
    expect(seen.size).toBe(30_000);
  });

  it('gives every Turkish party a valid VKN, one per firm', () => {
    const byVkn = new Map<string, string>();
    const bad: string[] = [];
    for (const { drawn: { record: r } } of all) {
      const vkn = r.company.tax_number as string;
      if (!isValidVkn(vkn) || (byVkn.get(vkn) ?? r.company.name) !== r.company.name) bad.push(`${vkn} ${r.company.name}`);
      byVkn.set(vkn, r.company.name);
    }
    expect(bad).toEqual([]);
    expect(byVkn.size).toBeGreaterThan(500);
  });

  it('gives every container a valid ISO 6346 number and every sea declaration its bill of lading', () => {
    let boxes = 0;
    const bad: string[] = [];
    for (const g of all) {
      const r = g.drawn.record;
      const blOk = r.transport_mode === 'sea'
        ? g.bl !== null && g.bl.bl_number === r.bl_number && [g.bl.port_of_loading, g.bl.port_of_discharge].includes(r.port)
        : g.bl === null;
      if (!blOk) bad.push(r.declaration_no);
      for (const c of g.containers) {
        if (!isValidContainerNumber(c.container_no) || !ISO_TYPES.has(c.iso_type)) bad.push(`${c.container_no} ${c.iso_type}`);
        boxes++;
      }
    }
    expect(bad).toEqual([]);
    expect(boxes).toBeGreaterThan(10_000);
  });

  it('keeps port, mode and customs office coherent', () => {
    const bad: string[] = [];
    const modes = new Set<string>();
    for (const { drawn: { record: r, route } } of all) {
      const port = PORT_BY_CODE.get(r.port)!;
      const m = r.transport_mode;
      modes.add(m);
      const kindOk = port.country === 'TR' && (m === 'pipeline' || m === port.kind);
      const pipeOk = m !== 'pipeline' || (['RU', 'AZ', 'IQ', 'IR'].includes(r.partner.country) && /^27(09|11)/.test(r.items[0]!.gtip));
      const haburOk = !(m === 'road' && r.port === 'XTRHBR') || r.partner.country === 'IQ';
      const office = CUSTOMS_OFFICE_BY_CODE.get(r.customs_office)!;
      // Either the office of the port, or an inland office (clearance at the factory).
      const officeOk = office.inland || customsOfficeForPort(r.port)?.code === office.code;
      if (!(kindOk && pipeOk && haburOk && officeOk && route.port === r.port)) bad.push(`${r.declaration_no} ${m} ${r.port} ${r.partner.country}`);
    }
    expect(bad).toEqual([]);
    expect([...modes].sort()).toEqual(['air', 'pipeline', 'rail', 'road', 'sea']);
  });

  it('sums items to the header and values gold and pharma as air cargo mostly', () => {
    let gold = 0;
    let goldAir = 0;
    const bad: string[] = [];
    for (const { drawn: { record: r } } of all) {
      const cents = r.items.reduce((a, i) => a + Math.round(i.value_usd * 100), 0);
      if (cents !== Math.round(r.value_usd * 100)) bad.push(r.declaration_no);
      if (r.items[0]!.gtip.startsWith('71')) {
        gold++;
        if (r.transport_mode === 'air') goldAir++;
      }
    }
    expect(bad).toEqual([]);
    expect(goldAir / gold).toBeGreaterThan(0.8);
  });

  it('produces shipment histories the shipment state machine accepts, some still under way at the end', () => {
    const statuses = new Map<string, number>();
    let shipments = 0;
    for (const g of all) {
      const s = g.shipment;
      if (!s) continue;
      shipments++;
      let state = initialState({ mode: s.transport_mode, destination: s.destination_port });
      s.events.forEach((e, i) => {
        const res = applyEvent(state, { id: String(i), event_type: e.event_type, code: e.event_code, classifier: e.classifier, occurred_at: e.occurred_at, location: e.location });
        if (!res.ok) throw new Error(`${s.booking_number}: ${res.reason}`);
        state = res.state;
      });
      expect(state.status).toBe(s.status);
      expect(s.events.some((e) => e.event_code === 'DLVR')).toBe(s.status === 'delivered');
      if (s.status === 'delivered') {
        const cusr = s.events.findIndex((e) => e.event_code === 'CUSR');
        expect(cusr).toBeGreaterThanOrEqual(0);
        expect(cusr).toBeLessThan(s.events.findIndex((e) => e.event_code === 'DLVR'));
      }
      statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
    }
    expect(shipments).toBeGreaterThan(3000);
    const underWay = shipments - (statuses.get('delivered') ?? 0);
    expect(underWay).toBeGreaterThan(0);
    expect(underWay / shipments).toBeLessThan(0.2);
  });

  it('matches the calibration targets within their stated tolerances', () => {
    const rows = cal.rows();
    const failed = rows.filter((r) => !r.ok && r.metric !== 'monthly index');
    expect(failed).toEqual([]);
    // Monthly noise: allow a few months out of 36 beyond ±0.12, none beyond ±0.2.
    const months = rows.filter((r) => r.metric === 'monthly index');
    expect(months).toHaveLength(36);
    expect(months.filter((r) => !r.ok).length).toBeLessThanOrEqual(4);
    for (const m of months) expect(Math.abs(m.actual - m.target)).toBeLessThan(0.2);
    expect(rows.filter((r) => r.metric === 'export/import ratio')).toHaveLength(3);
  });
});
