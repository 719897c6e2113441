// Company: search by name (the API folds Turkish letters: "ozturk" finds "Öztürk"), then one
// company's profile, monthly trade, top partners, HS mix, competitors and — with contacts:read —
// its contacts.
import { h, loading, empty, failure, table, chartFigure, section } from '../ui.js';
import { t, usd, num, pct, date } from '../i18n.js';
import { api, hasScope } from '../api.js';
import { filterForm, input, monthInput, emptyText } from './common.js';

export async function render(root, params, ctx) {
  const p = { q: params.get('q'), id: params.get('id'), from: params.get('from'), to: params.get('to') };
  root.append(filterForm([
    ['q', t('companySearch'), input(p.q, { type: 'search', placeholder: 'ozturk' })],
    ['from', t('from'), monthInput(p.from)],
    ['to', t('to'), monthInput(p.to)],
  ], (v) => ctx.go({ ...v, id: v.q === p.q ? p.id : undefined })));
  const list = h('div', { class: 'results' });
  const out = h('div', { class: 'results' });
  root.append(list, out);
  if (p.q) await searchList(list, p, ctx);
  if (p.id) await profile(out, p, ctx);
}

async function searchList(box, p, { go, log, stale }) {
  loading(box);
  try {
    const env = await api('GET', '/v1/companies', { params: { q: p.q, limit: 10 }, log });
    if (stale()) return;
    if (!env.data.length) return empty(box, t('noMatch'));
    box.replaceChildren(h('ul', { class: 'picks' }, env.data.map((c) =>
      h('li', {}, h('button', { type: 'button', class: String(c.company_id) === p.id ? 'pick active' : 'pick', onclick: () => go({ ...p, id: c.company_id }) },
        h('strong', { text: c.name }), ` · ${c.city ?? ''} ${c.country} · ${c.roles.join(', ')}`)))));
  } catch (err) {
    if (!stale()) failure(box, err);
  }
}

async function profile(out, p, { go, log, stale }) {
  loading(out);
  const id = encodeURIComponent(p.id);
  const span = { from: p.from, to: p.to };
  let company, history, customers, suppliers, products, competitors, contacts;
  try {
    [company, history, customers, suppliers, products, competitors, contacts] = await Promise.all([
      api('GET', `/v1/companies/${id}`, { log }),
      api('GET', `/v1/companies/${id}/trade-history`, { params: span, log }),
      api('GET', `/v1/companies/${id}/customers`, { params: { ...span, limit: 10 }, log }),
      api('GET', `/v1/companies/${id}/suppliers`, { params: { ...span, limit: 10 }, log }),
      api('GET', `/v1/companies/${id}/products`, { params: { ...span, hs_level: 4, top: 10 }, log }),
      api('GET', `/v1/companies/${id}/competitors`, { params: { ...span, top: 10 }, log }),
      hasScope('contacts:read') ? api('GET', `/v1/companies/${id}/contacts`, { log }) : null,
    ]);
  } catch (err) {
    if (!stale()) failure(out, err);
    return;
  }
  if (stale()) return;
  const c = company.data[0];
  out.replaceChildren(section(t('profile'), h('dl', { class: 'facts' },
    h('dt', { text: t('name') }), h('dd', { text: c.name }),
    h('dt', { text: t('taxNumber') }), h('dd', { text: c.tax_number ?? '–' }),
    h('dt', { text: t('city') }), h('dd', { text: `${c.city ?? '–'}, ${c.country}` }),
    h('dt', { text: t('sector') }), h('dd', { text: c.sector ?? '–' }),
    h('dt', { text: t('roles') }), h('dd', { text: c.roles.join(', ') }),
    h('dt', { text: t('firstLast') }), h('dd', { text: `${date(c.first_trade_date)} – ${date(c.last_trade_date)}` }))));

  const rows = history.data;
  const historyBox = section(t('history'));
  out.append(historyBox);
  if (!rows.some((r) => r.import_records || r.export_records)) empty(historyBox, await emptyText(history.meta));
  else {
    chartFigure(historyBox, t('history'), {
      legend: {},
      xAxis: { type: 'category', data: rows.map((r) => r.period) },
      yAxis: { type: 'value' },
      series: [
        { name: t('export'), type: 'bar', stack: 'v', data: rows.map((r) => r.export_value_usd) },
        { name: t('import'), type: 'bar', stack: 'v', data: rows.map((r) => r.import_value_usd) },
      ],
    }, table(t('history'), [[t('period'), (r) => r.period], [t('export'), (r) => usd(r.export_value_usd), true], [t('import'), (r) => usd(r.import_value_usd), true]], rows));
  }

  const partners = [...customers.data, ...suppliers.data].sort((a, b) => b.value_usd - a.value_usd).slice(0, 10);
  const grid = h('div', { class: 'two' });
  out.append(grid);
  grid.append(section(t('topPartners'), table(t('topPartners'), [
    [t('name'), (r) => h('button', { type: 'button', class: 'link', text: r.name, onclick: () => go({ id: r.company_id, from: p.from, to: p.to }) })],
    [t('country'), (r) => r.country], [t('valueUsd'), (r) => usd(r.value_usd), true], [t('share'), (r) => pct(r.share), true]], partners)));
  const mixBox = section(t('hsMix'));
  grid.append(mixBox);
  if (products.data.length) {
    chartFigure(mixBox, t('hsMix'), {
      tooltip: { trigger: 'item' },
      series: [{ name: t('hsMix'), type: 'pie', radius: ['35%', '70%'], data: products.data.map((r) => ({ name: `${r.hs_code} ${r.flow}`, value: r.value_usd })) }],
    }, table(t('hsMix'), [[t('code'), (r) => r.hs_code], [t('flow'), (r) => t(r.flow)], [t('valueUsd'), (r) => usd(r.value_usd), true], [t('share'), (r) => pct(r.share), true]], products.data));
  } else empty(mixBox, t('noMatch'));

  out.append(section(t('competitors'), table(t('competitors'), [
    [t('name'), (r) => h('button', { type: 'button', class: 'link', text: r.name, onclick: () => go({ id: r.company_id, from: p.from, to: p.to }) })],
    [t('overlap'), (r) => num(r.overlap_score, 3), true], [t('valueUsd'), (r) => usd(r.shared_value_usd), true]], competitors.data)));
  out.append(section(t('contacts'), contacts
    ? (contacts.data.length ? table(t('contacts'), [[t('name'), (r) => r.full_name], ['', (r) => [r.title, r.email, r.phone].filter(Boolean).join(' · ')]], contacts.data) : h('p', { text: t('noMatch') }))
    : h('p', { class: 'hint', text: t('contactsHidden') })));
}
