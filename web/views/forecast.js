// Forecast: a slice's history (time-series) and the API's forecast of it with 80 % and 95 %
// intervals, the model chosen and its backtest error. The history is read first: a window with
// no trade shows the empty state instead of the forecast's "series too short" refusal.
import { h, loading, empty, failure, table, chartFigure, section } from '../ui.js';
import { t, usd, num } from '../i18n.js';
import { api } from '../api.js';
import { filterForm, select, monthInput, hsInput, input, emptyText } from './common.js';

export async function render(root, params, { go, log, stale }) {
  const p = {
    flow: params.get('flow') === 'import' ? 'import' : 'export', from: params.get('from'), to: params.get('to'), hs: params.get('hs'),
    country: params.get('country'), horizon: params.get('horizon') ?? '12',
  };
  const hs = hsInput(p.hs);
  root.append(filterForm([
    ['flow', t('flow'), select(p.flow, [['export', t('export')], ['import', t('import')]])],
    ['from', t('from'), monthInput(p.from)],
    ['to', t('to'), monthInput(p.to)],
    ['hs', t('hs'), hs.el],
    ['country', t('country'), input(p.country, { size: 6 })],
    ['horizon', t('horizon'), input(p.horizon, { type: 'number', min: '1', max: '36' })],
  ], go), hs.list);
  const out = h('div', { class: 'results' });
  root.append(out);
  loading(out);
  const filters = { from: p.from, to: p.to, hs: p.hs, country: p.country };
  let history, fc;
  try {
    history = await api('GET', `/v1/${p.flow}s/time-series`, { params: { ...filters, freq: 'month' }, log });
    if (stale()) return;
    if (!history.meta.totals?.records) return empty(out, await emptyText(history.meta));
    fc = await api('GET', '/v1/statistics/forecast', { params: { ...filters, flow: p.flow, freq: 'month', horizon: p.horizon }, log });
  } catch (err) {
    if (!stale()) failure(out, err);
    return;
  }
  if (stale()) return;
  const hist = history.data;
  const rows = fc.data;
  const periods = [...hist.map((r) => r.period), ...rows.map((r) => r.period)];
  const pad = (values) => [...hist.map(() => null), ...values];
  const bt = fc.meta.forecast?.backtest;
  const box = section(t('forecast'), h('p', { class: 'summary' }, `${t('model')}: `, h('strong', { text: fc.meta.forecast?.model ?? '–' }),
    bt ? ` · ${t('backtest', { mase: num(bt.mase, 2), smape: num(bt.smape, 1), origins: bt.origins })}` : ''));
  out.replaceChildren(box);
  // Each interval is drawn as a stacked pair: an invisible lower bound and the band's height on top.
  const band = (name, lo, hi, opacity) => [
    { name, type: 'line', stack: name, symbol: 'none', lineStyle: { opacity: 0 }, data: pad(rows.map((r) => r[lo])), tooltip: { show: false } },
    { name, type: 'line', stack: name, symbol: 'none', lineStyle: { opacity: 0 }, areaStyle: { opacity }, data: pad(rows.map((r) => r[hi] - r[lo])), tooltip: { show: false } },
  ];
  chartFigure(box, t('forecast'), {
    legend: { data: [t('history2'), t('fc'), t('band95'), t('band80')] },
    xAxis: { type: 'category', data: periods },
    yAxis: { type: 'value' },
    series: [
      ...band(t('band95'), 'lower95_usd', 'upper95_usd', 0.15),
      ...band(t('band80'), 'lower80_usd', 'upper80_usd', 0.25),
      { name: t('history2'), type: 'line', data: [...hist.map((r) => r.value_usd), ...rows.map(() => null)] },
      { name: t('fc'), type: 'line', lineStyle: { type: 'dashed' }, data: pad(rows.map((r) => r.value_usd)) },
    ],
  }, table(t('forecast'), [[t('period'), (r) => r.period], [t('fc'), (r) => usd(r.value_usd), true], [t('lower80'), (r) => usd(r.lower80_usd), true], [t('upper80'), (r) => usd(r.upper80_usd), true],
    [t('lower95'), (r) => usd(r.lower95_usd), true], [t('upper95'), (r) => usd(r.upper95_usd), true]], rows));
}
