// Shipment: track by container, B/L, booking number or air waybill; the shipment's route, ETA with
// its p10–p90 range, and its events on a timeline with planned, estimated and actual times.
// Without a reference, the shipments whose ETA falls in a window.
import { h, loading, empty, failure, table, chartFigure, section } from '../ui.js';
import { t, dateTime } from '../i18n.js';
import { api } from '../api.js';
import { filterForm, input, select, emptyText } from './common.js';

const CLASSIFIERS = ['PLN', 'EST', 'ACT'];
const dateInput = (value) => input(value, { type: 'date' });

export async function render(root, params, ctx) {
  const p = { ref: params.get('ref'), classifier: params.get('classifier') ?? '', eta_from: params.get('eta_from'), eta_to: params.get('eta_to') };
  root.append(filterForm([
    ['ref', t('reference'), input(p.ref, { type: 'search', spellcheck: 'false', placeholder: 'MSCU1234565' })],
    ['classifier', t('classifier'), select(p.classifier, [['', t('all')], ...CLASSIFIERS.map((c) => [c, t(c)])])],
    ['eta_from', `${t('eta')} ${t('from')}`, dateInput(p.eta_from)],
    ['eta_to', `${t('eta')} ${t('to')}`, dateInput(p.eta_to)],
  ], ctx.go));
  const out = h('div', { class: 'results' });
  root.append(out);
  if (p.ref) await track(out, p, ctx);
  else await byEta(out, p, ctx);
}

async function byEta(out, p, { go, log, stale }) {
  loading(out);
  try {
    const env = await api('GET', '/v1/shipments', { params: { eta_from: p.eta_from, eta_to: p.eta_to, limit: 20 }, log });
    if (stale()) return;
    if (!env.data.length) return empty(out, await emptyText(null, 'emptyShipments'));
    out.replaceChildren(section(t('etaWindow'), table(t('etaWindow'), [
      [t('reference'), (r) => h('button', { type: 'button', class: 'link', text: r.bl_number ?? r.booking_number ?? r.awb_number, onclick: () => go({ ...p, ref: r.bl_number ?? r.booking_number ?? r.awb_number }) })],
      [t('status'), (r) => r.status], [t('route'), (r) => `${r.origin_port} → ${r.destination_port}`], [t('eta'), (r) => dateTime(r.eta)]], env.data)));
  } catch (err) {
    if (!stale()) failure(out, err);
  }
}

async function track(out, p, { log, stale }) {
  loading(out);
  let found, detail, events;
  try {
    found = await api('GET', '/v1/shipments/track', { params: { reference: p.ref }, log });
    if (stale()) return;
    if (!found.data.length) return empty(out, t('noMatch'));
    const id = found.data[0].shipment_id;
    [detail, events] = await Promise.all([
      api('GET', `/v1/shipments/${id}`, { log }),
      api('GET', `/v1/shipments/${id}/events`, { params: { classifier: p.classifier }, log }),
    ]);
  } catch (err) {
    if (!stale()) failure(out, err);
    return;
  }
  if (stale()) return;
  const s = detail.data[0];
  const est = s.eta_estimate;
  out.replaceChildren(section(`${s.bl_number ?? s.booking_number ?? s.awb_number} · ${s.status}`, h('dl', { class: 'facts' },
    h('dt', { text: t('route') }), h('dd', { text: `${s.origin_port} → ${s.destination_port} (${s.transport_mode}${s.vessel ? `, ${s.vessel} ${s.voyage ?? ''}` : ''})` }),
    h('dt', { text: t('eta') }), h('dd', { text: dateTime(s.actual_arrival ?? est?.eta ?? s.eta) }),
    est ? [h('dt', { text: t('etaRange') }), h('dd', { text: `${dateTime(est.eta_p10)} – ${dateTime(est.eta_p90)}` })] : null)));

  const rows = events.data.filter((e) => !e.retracted);
  const box = section(t('events'));
  out.append(box);
  if (!rows.length) return empty(box, t('noMatch'));
  const codes = [...new Set(rows.map((e) => e.event_code))];
  chartFigure(box, t('events'), {
    legend: {},
    tooltip: { trigger: 'item', formatter: (x) => `${x.seriesName} ${x.value[1]}: ${dateTime(x.value[0])}` },
    xAxis: { type: 'time' },
    yAxis: { type: 'category', data: codes },
    series: CLASSIFIERS.map((c) => ({ name: t(c), type: 'scatter', symbolSize: 12, data: rows.filter((e) => e.classifier === c).map((e) => [e.occurred_at, e.event_code]) })),
  }, table(t('events'), [[t('time'), (e) => dateTime(e.occurred_at)], [t('classifier'), (e) => t(e.classifier)], [t('event'), (e) => `${e.event_code} (${e.event_type})`], [t('location'), (e) => e.location ?? '–']], rows));
}
