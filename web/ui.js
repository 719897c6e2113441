// Small DOM helpers shared by the views: elements without inline handlers (the page's CSP forbids
// them), loading / empty / error states, tables, charts with their table alternative, and the
// "see this as API call" box.
/* global document, window, URL */
import * as echarts from './vendor/echarts.esm.min.mjs';
import { t, num } from './i18n.js';
import { ApiFailure, origin } from './api.js';

/** h('button', { class: 'x', onclick: fn }, 'text', child) */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'text') el.textContent = v;
    else if (k === 'value') el.value = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c instanceof window.Node ? c : String(c));
  return el;
}

export const section = (title, ...children) => h('section', { class: 'panel' }, h('h3', { text: title }), ...children);

export function loading(parent) {
  parent.replaceChildren(h('p', { class: 'state loading', role: 'status', 'aria-busy': 'true', text: t('loading') }));
}

export function empty(parent, text) {
  parent.replaceChildren(h('p', { class: 'state empty', role: 'status', text }));
}

/** The envelope's message and request id, so a user can quote them to whoever runs the server. */
export function failure(parent, err) {
  const e = err instanceof ApiFailure ? err : new ApiFailure(0, 'internal_error', String(err?.message ?? err), null);
  parent.replaceChildren(
    h('div', { class: 'state error', role: 'alert' },
      h('p', { text: t('error', { code: e.code, message: e.message }) }),
      e.requestId ? h('p', { class: 'request-id' }, `${t('requestId')}: `, h('code', { text: e.requestId })) : null),
  );
}

/** A table of rows; columns are [label, row => cell text, numeric?]. */
export function table(caption, columns, rows) {
  return h('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': caption },
    h('table', {},
      h('caption', { text: caption }),
      h('thead', {}, h('tr', {}, columns.map(([label, , numeric]) => h('th', { scope: 'col', class: numeric ? 'num' : null, text: label })))),
      h('tbody', {}, rows.map((r) => h('tr', {}, columns.map(([, cell, numeric]) => h('td', { class: numeric ? 'num' : null }, cell(r) ?? '–')))))));
}

const charts = new Set();

/**
 * A figure with an ECharts chart and its table alternative below it, appended to parent (which
 * must be in the document so the chart has a size). The chart is described to screen readers by
 * ECharts' generated aria label and points to the table.
 */
export function chartFigure(parent, title, option, tableEl) {
  const id = `t${Math.random().toString(36).slice(2, 9)}`;
  const div = h('div', { class: 'chart', 'aria-describedby': id });
  const fig = h('figure', { class: 'figure' }, h('figcaption', { text: title }), div, h('p', { class: 'sr-note', id, text: t('chartAlt') }), tableEl);
  parent.append(fig);
  const chart = echarts.init(div, null, { renderer: 'canvas' });
  const legend = option.legend ? { legend: { top: 0, ...option.legend } } : {};
  chart.setOption({ aria: { enabled: true }, animation: false, grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true }, tooltip: { trigger: 'axis', valueFormatter: (v) => num(v) }, ...option, ...legend });
  charts.add(chart);
  return chart;
}

/** Frees the charts of the view being left. */
export function disposeCharts() {
  for (const c of charts) c.dispose();
  charts.clear();
}
window.addEventListener('resize', () => { for (const c of charts) c.resize(); });

/** The list of calls a view made, as curl commands anyone can paste. */
export function apiCallsBox() {
  const pre = h('pre', { class: 'calls' });
  const box = h('details', { class: 'api-calls' }, h('summary', { text: t('apiCalls') }), h('p', { class: 'hint', text: t('apiCallsNote') }), pre);
  return {
    el: box,
    clear: () => { pre.textContent = ''; },
    log: ({ method, url, body }) => {
      const data = body === undefined ? '' : ` -H 'content-type: application/json' -d '${JSON.stringify(body)}'`;
      pre.textContent += `curl -s${method === 'GET' ? '' : ` -X ${method}`} '${origin()}${url}' -H "Authorization: Bearer $TOKEN"${data}\n`;
    },
  };
}

/** A labelled form control. */
export function field(label, control) {
  return h('label', { class: 'field' }, h('span', { text: label }), control);
}

/** Saves a Blob as a file through a temporary link (works offline and under the CSP). */
export function saveBlob(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
