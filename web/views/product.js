// Product (HS/GTİP): find a code by number or text, then its nomenclature path, tariffs by origin,
// regulations, trade by partner and trend, and a landed-cost calculator.
import { h, loading, empty, failure, table, chartFigure, section, field } from '../ui.js';
import { t, usd, num, pct, getLang } from '../i18n.js';
import { api } from '../api.js';
import { filterForm, input, monthInput, hsInput, emptyText, hsDescription } from './common.js';

export async function render(root, params, ctx) {
  const p = { code: params.get('code'), origin: params.get('origin'), from: params.get('from'), to: params.get('to') };
  const hs = hsInput(p.code);
  root.append(filterForm([
    ['code', t('hs'), hs.el],
    ['origin', t('origin'), input(p.origin, { size: 6, autocapitalize: 'characters' })],
    ['from', t('from'), monthInput(p.from)],
    ['to', t('to'), monthInput(p.to)],
  ], ctx.go), hs.list);
  const out = h('div', { class: 'results' });
  root.append(out);
  if (!p.code) return;
  const digits = p.code.replace(/[.\s]/g, '');
  if (/^\d+$/.test(digits)) await detail(out, { ...p, code: digits }, ctx);
  else await search(out, p, ctx);
}

async function search(out, p, { go, log, stale }) {
  loading(out);
  try {
    const env = await api('GET', '/v1/hs-codes', { params: { q: p.code, limit: 20 }, log });
    if (stale()) return;
    if (!env.data.length) return empty(out, t('noMatch'));
    out.replaceChildren(h('ul', { class: 'picks' }, env.data.map((c) =>
      h('li', {}, h('button', { type: 'button', class: 'pick', onclick: () => go({ ...p, code: c.code }) }, h('strong', { text: c.code_formatted }), ` ${hsDescription(c)}`)))));
  } catch (err) {
    if (!stale()) failure(out, err);
  }
}

async function detail(out, p, ctx) {
  const { log, stale } = ctx;
  loading(out);
  const code = encodeURIComponent(p.code);
  // Duties and measures are set for subheadings (6 digits) and GTİP lines, not for chapters.
  const dutiable = p.code.length >= 6;
  let info, tariffs, regulations, trade;
  try {
    [info, tariffs, regulations, trade] = await Promise.all([
      api('GET', `/v1/hs-codes/${code}`, { log }),
      dutiable ? api('GET', `/v1/hs-codes/${code}/tariffs`, { params: { origin: p.origin }, log }) : null,
      dutiable ? api('GET', `/v1/hs-codes/${code}/regulations`, { params: { country: p.origin }, log }) : null,
      api('GET', `/v1/hs-codes/${code}/trade`, { params: { from: p.from, to: p.to, top: 10 }, log }),
    ]);
  } catch (err) {
    if (!stale()) failure(out, err);
    return;
  }
  if (stale()) return;
  const c = info.data[0];
  out.replaceChildren(section(t('path'), h('ol', { class: 'crumbs' }, c.path.map((s) => h('li', {}, h('strong', { text: s.code }), ` ${hsDescription(s)}`)))));

  const tr = trade.data[0];
  const tradeBox = section(t('tradeByPartner'));
  out.append(tradeBox);
  if (!tr.imports.records && !tr.exports.records) empty(tradeBox, await emptyText(null));
  else {
    tradeBox.append(h('p', { class: 'summary' }, `${t('export')}: ${usd(tr.exports.value_usd)} · ${t('import')}: ${usd(tr.imports.value_usd)}`));
    chartFigure(tradeBox, t('trend'), {
      legend: {},
      xAxis: { type: 'category', data: tr.trend.map((r) => r.period) },
      yAxis: { type: 'value' },
      series: [
        { name: t('export'), type: 'line', data: tr.trend.map((r) => r.exports_value_usd) },
        { name: t('import'), type: 'line', data: tr.trend.map((r) => r.imports_value_usd) },
      ],
    }, table(t('trend'), [[t('period'), (r) => r.period], [t('export'), (r) => usd(r.exports_value_usd), true], [t('import'), (r) => usd(r.imports_value_usd), true]], tr.trend));
    tradeBox.append(table(t('tradeByPartner'), [[t('flow'), (r) => t(r.flow)], [t('country'), (r) => r.country], [t('valueUsd'), (r) => usd(r.value_usd), true], [t('share'), (r) => pct(r.share), true]], tr.top_partners));
  }

  if (!dutiable) return out.append(h('p', { class: 'hint', text: t('dutiesAt6') }));
  out.append(section(t('tariffs'), table(t('tariffs'), [
    [t('origin'), (r) => r.label ?? r.origin_group], [t('customsDuty'), (r) => num(r.customs_duty?.rate_pct, 2), true],
    [t('additionalDuty'), (r) => num(r.additional_duty?.rate_pct, 2), true], ['', (r) => (r.origins ?? []).slice(0, 8).join(' ') + ((r.origins?.length ?? 0) > 8 ? ' …' : '')]], tariffs.data)));
  out.append(section(t('regulations'), regulations.data.length
    ? h('ul', { class: 'regs' }, regulations.data.map((r) => h('li', {}, h('strong', { text: r.kind }), ` ${getLang() === 'tr' ? r.title_tr : r.title_en ?? r.title_tr} (${r.authority})`)))
    : h('p', { text: t('noMatch') })));
  out.append(landedCost(p, ctx));
}

function landedCost(p, { log }) {
  const origin = input(p.origin ?? 'CN', { size: 6, required: true });
  const value = input('10000', { type: 'number', min: '1', step: 'any', required: true });
  const freight = input('500', { type: 'number', min: '0', step: 'any' });
  const weight = input('1000', { type: 'number', min: '1', step: 'any' });
  const result = h('div', { class: 'results' });
  const form = h('form', { class: 'filters' }, field(t('origin'), origin), field(t('customsValue'), value), field(t('freight'), freight), field(t('weightKg'), weight),
    h('button', { type: 'submit', text: t('calculate') }));
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    loading(result);
    const body = { origin: origin.value.trim(), customs_value_usd: Number(value.value), freight_usd: Number(freight.value || 0), net_weight_kg: Number(weight.value || 1) };
    try {
      const env = await api('POST', `/v1/hs-codes/${encodeURIComponent(p.code)}/landed-cost`, { body, log });
      const r = env.data[0];
      result.replaceChildren(table(t('landedCost'), [[t('description'), (l) => l.name], ['%', (l) => `${num(l.rate, 2)} ${l.rate_unit}`, true], [t('valueUsd'), (l) => usd(l.amount_usd), true]], r.lines),
        h('p', { class: 'summary' }, `${t('total')}: `, h('strong', { text: usd(r.landed_cost_usd) })));
    } catch (err) {
      failure(result, err);
    }
  });
  return section(t('landedCost'), form, result);
}
