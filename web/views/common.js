// Pieces several views share: the filter form, the "data covers …" sentence of the empty state,
// the CSV button and the HS search list.
/* global setTimeout, clearTimeout */
import { h, field, saveBlob, failure } from '../ui.js';
import { t, date, getLang } from '../i18n.js';
import { api, download } from '../api.js';

/**
 * A form of controls named like the query parameters they set; submitting it calls onSubmit with
 * the non-empty values. controls: [[name, label, element]].
 */
export function filterForm(controls, onSubmit) {
  const form = h('form', { class: 'filters', role: 'search' },
    controls.map(([name, label, el]) => {
      el.name = name;
      return field(label, el);
    }),
    h('button', { type: 'submit', text: t('apply') }));
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const values = {};
    for (const [name, , el] of controls) if (el.value.trim() !== '') values[name] = el.value.trim();
    onSubmit(values);
  });
  return form;
}

export const input = (value, attrs = {}) => h('input', { value: value ?? '', ...attrs });
export const select = (value, options) =>
  h('select', {}, options.map(([v, label]) => h('option', { value: v, selected: v === value, text: label })));
export const monthInput = (value) => input(value, { type: 'month', pattern: '\\d{4}-\\d{2}', placeholder: 'YYYY-MM' });

let freshness = null;
/** The period the data covers: from the answer's meta.source when it says, else /v1/trade/freshness. */
export async function coverage(meta) {
  const c = meta?.source?.coverage;
  if (c?.from) return c;
  freshness ??= api('GET', '/v1/trade/freshness').then((env) => ({
    from: env.data.map((s) => s.period_from).filter(Boolean).sort()[0],
    to: env.data.map((s) => s.period_to).filter(Boolean).sort().at(-1),
  }));
  return freshness;
}

export async function emptyText(meta, key = 'empty') {
  const c = await coverage(meta);
  return t(key, { from: date(c.from), to: date(c.to) });
}

/** A button that downloads the same query as CSV (the API streams the whole result). */
export function csvButton(path, params, name, errorBox) {
  return h('button', {
    type: 'button', class: 'secondary', text: t('downloadCsv'),
    onclick: async () => {
      try {
        saveBlob(await download(path, params), name);
      } catch (err) {
        failure(errorBox, err);
      }
    },
  });
}

/** A text box whose suggestions come from GET /v1/hs-codes?q=… as the user types. */
export function hsInput(value) {
  const id = `hs-${Math.random().toString(36).slice(2, 8)}`;
  const list = h('datalist', { id });
  const el = input(value, { list: id, inputmode: 'search', autocomplete: 'off', placeholder: '61 / 6109.10 / cotton', title: t('hsSearch') });
  let timer;
  el.addEventListener('input', () => {
    clearTimeout(timer);
    const q = el.value.trim();
    if (q.length < 3 || /^[\d. ]+$/.test(q)) return;
    timer = setTimeout(async () => {
      const env = await api('GET', '/v1/hs-codes', { params: { q, limit: 10 } }).catch(() => null);
      list.replaceChildren(...(env?.data ?? []).map((c) => h('option', { value: c.code, text: `${c.code_formatted} ${getLang() === 'tr' ? c.description_tr : c.description_en}` })));
    }, 250);
  });
  return { el, list };
}

export const hsDescription = (row) => (getLang() === 'tr' ? row.description_tr ?? row.description_en : row.description_en ?? row.description_tr);
