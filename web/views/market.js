// Market: one flow's trade for a window, product and partner — the monthly series, partners with
// share and growth, and the product breakdown one HS level below the chosen code.
import { h, loading, empty, failure, table, chartFigure, section } from '../ui.js';
import { t, usd, num, pct } from '../i18n.js';
import { api } from '../api.js';
import { filterForm, select, monthInput, hsInput, input, emptyText, csvButton, hsDescription } from './common.js';

const LEVELS = [2, 4, 6, 8, 10, 12];

export async function render(root, params, { go, log, stale }) {
  const p = { flow: params.get('flow') === 'import' ? 'import' : 'export', from: params.get('from'), to: params.get('to'), hs: params.get('hs'), country: params.get('country') };
  const hs = hsInput(p.hs);
  root.append(filterForm([
    ['flow', t('flow'), select(p.flow, [['export', t('export')], ['import', t('import')]])],
    ['from', t('from'), monthInput(p.from)],
    ['to', t('to'), monthInput(p.to)],
    ['hs', t('hs'), hs.el],
    ['country', t('country'), input(p.country, { size: 6, autocapitalize: 'characters' })],
  ], go), hs.list);
  const out = h('div', { class: 'results' });
  root.append(out);
  loading(out);

  const base = p.flow === 'import' ? '/v1/imports' : '/v1/exports';
  const filters = { from: p.from, to: p.to, hs: p.hs, country: p.country };
  const digits = (p.hs ?? '').replace(/[^\d]/g, '').length;
  const level = LEVELS.find((l) => l > digits) ?? 12;
  const seriesParams = { ...filters, freq: 'month' };
  const partnerParams = { ...filters, flow: p.flow, top: 10 };
  const productParams = { ...filters, hs_level: level, top: 10 };
  let series, partners, products;
  try {
    [series, partners, products] = await Promise.all([
      api('GET', `${base}/time-series`, { params: seriesParams, log }),
      api('GET', '/v1/statistics/partners', { params: partnerParams, log }),
      api('GET', `${base}/by-product`, { params: productParams, log }),
    ]);
  } catch (err) {
    if (!stale()) failure(out, err);
    return;
  }
  if (stale()) return;
  const totals = series.meta.totals ?? {};
  if (!totals.records) return empty(out, await emptyText(series.meta));

  const growth = partners.meta.totals?.growth_vs_previous;
  out.replaceChildren(h('p', { class: 'summary' },
    `${t('total')}: `, h('strong', { text: usd(totals.value_usd) }), ` · ${t('records')}: ${num(totals.records)}`,
    growth === undefined || growth === null ? '' : ` · ${t('growth')}: ${pct(growth)}`));

  const rows = series.data;
  const seriesBox = section(t('timeSeries'), csvButton(`${base}/time-series`, seriesParams, `${p.flow}-time-series.csv`, out));
  out.append(seriesBox);
  chartFigure(seriesBox, t('timeSeries'), {
    xAxis: { type: 'category', data: rows.map((r) => r.period) },
    yAxis: { type: 'value', axisLabel: { formatter: (v) => num(v / 1e6, 1) + ' M' } },
    series: [{ name: t('valueUsd'), type: 'line', data: rows.map((r) => r.value_usd), showSymbol: true }],
  }, table(t('timeSeries'), [[t('period'), (r) => r.period], [t('valueUsd'), (r) => usd(r.value_usd), true], [t('weightKg'), (r) => num(r.net_weight_kg), true], [t('records'), (r) => num(r.records), true]], rows));

  const grid = h('div', { class: 'two' });
  out.append(grid);
  const partnerBox = section(t('partners'), csvButton('/v1/statistics/partners', partnerParams, `${p.flow}-partners.csv`, out));
  const productBox = section(t('products'), csvButton(`${base}/by-product`, productParams, `${p.flow}-products.csv`, out));
  grid.append(partnerBox, productBox);
  const pr = [...partners.data].reverse();
  chartFigure(partnerBox, t('partners'), {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', axisLabel: { formatter: (v) => num(v / 1e6, 1) + ' M' } },
    yAxis: { type: 'category', data: pr.map((r) => r.country) },
    series: [{ name: t('valueUsd'), type: 'bar', data: pr.map((r) => r.value_usd) }],
  }, table(t('partners'), [[t('country'), (r) => `${r.country} ${r.name ?? ''}`], [t('valueUsd'), (r) => usd(r.value_usd), true], [t('share'), (r) => pct(r.share), true], [t('growth'), (r) => pct(r.growth_vs_previous), true]], partners.data));
  const pd = [...products.data].reverse();
  chartFigure(productBox, t('products'), {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', axisLabel: { formatter: (v) => num(v / 1e6, 1) + ' M' } },
    yAxis: { type: 'category', data: pd.map((r) => r.hs_code) },
    series: [{ name: t('valueUsd'), type: 'bar', data: pd.map((r) => r.value_usd) }],
  }, table(t('products'), [[t('code'), (r) => r.hs_code], [t('description'), (r) => hsDescription(r)], [t('valueUsd'), (r) => usd(r.value_usd), true], [t('share'), (r) => pct(r.share), true]], products.data));
}
