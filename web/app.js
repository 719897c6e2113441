// The explorer's shell: sign-in, the tabs, and the router. The URL hash holds the view and its
// filters (#/market?flow=export&from=2025-01), so every view can be bookmarked and shared; a
// filter change writes the hash and the view renders from it.
/* global document, window, location, URLSearchParams */
import { t, setLang, getLang } from './i18n.js';
import { isSignedIn, signIn, signOut, onSessionChange } from './api.js';
import { h, field, failure, disposeCharts, apiCallsBox } from './ui.js';
import * as market from './views/market.js';
import * as company from './views/company.js';
import * as product from './views/product.js';
import * as shipment from './views/shipment.js';
import * as forecast from './views/forecast.js';

const VIEWS = { market, company, product, shipment, forecast };
const main = document.getElementById('view');
const tabs = document.getElementById('tabs');
const langButton = document.getElementById('lang');
const signOutButton = document.getElementById('sign-out');

function route() {
  const m = /^#\/(\w+)(?:\?(.*))?$/.exec(location.hash);
  const name = m && VIEWS[m[1]] ? m[1] : 'market';
  return { name, params: new URLSearchParams(m?.[2] ?? '') };
}

/** Moves to a view with these filters; the hashchange renders it. */
export function go(name, params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const hash = `#/${name}${q.size ? `?${q}` : ''}`;
  if (location.hash === hash) render();
  else location.hash = hash;
}

function renderTabs(current) {
  tabs.replaceChildren(...Object.keys(VIEWS).map((name) =>
    h('a', { href: `#/${name}`, class: name === current ? 'tab active' : 'tab', 'aria-current': name === current ? 'page' : null, text: t(name) })));
}

function renderSignIn() {
  const key = h('input', { name: 'api_key', autocomplete: 'username', required: true, spellcheck: 'false' });
  const secret = h('input', { name: 'api_secret', type: 'password', autocomplete: 'current-password', required: true });
  const state = h('div', { class: 'sign-in-state' });
  const form = h('form', { class: 'sign-in', 'aria-labelledby': 'sign-in-title' },
    h('h2', { id: 'sign-in-title', text: t('signIn') }),
    h('p', { text: t('signInIntro') }),
    field(t('apiKey'), key), field(t('apiSecret'), secret),
    h('button', { type: 'submit', text: t('signIn') }), state);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    state.replaceChildren();
    try {
      await signIn(key.value.trim(), secret.value);
    } catch (err) {
      failure(state, err);
    }
  });
  main.replaceChildren(form);
  key.focus();
}

let rendering = 0;
function render() {
  disposeCharts();
  const signedIn = isSignedIn();
  tabs.hidden = !signedIn;
  signOutButton.hidden = !signedIn;
  langButton.textContent = getLang() === 'tr' ? 'EN' : 'TR';
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  if (!signedIn) return renderSignIn();
  const { name, params } = route();
  renderTabs(name);
  const calls = apiCallsBox();
  const body = h('div', { class: 'view-body' });
  main.replaceChildren(h('h2', { class: 'view-title', tabindex: '-1', text: t(name) }), body, calls.el);
  main.dataset.view = name;
  const token = ++rendering;
  // A view renders from the URL only; `stale` lets it drop answers to a view already left.
  VIEWS[name].render(body, params, { go: (p) => go(name, p), goTo: go, log: calls.log, stale: () => token !== rendering });
}

// The hash is the router's: the skip link moves the focus instead of following its #view.
document.querySelector('.skip').addEventListener('click', (ev) => {
  ev.preventDefault();
  main.focus();
});
langButton.addEventListener('click', () => {
  setLang(getLang() === 'tr' ? 'en' : 'tr');
  render();
});
signOutButton.addEventListener('click', () => void signOut().finally(render));
onSessionChange(() => render());
window.addEventListener('hashchange', () => {
  render();
  main.querySelector('.view-title')?.focus();
});
setLang(getLang());
render();
