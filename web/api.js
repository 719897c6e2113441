// The page's only way to the server: the public /v1 API with a bearer token. The session (access
// and refresh token) lives in sessionStorage, so it ends with the tab and is never in
// localStorage; the access token is refreshed a minute before it expires.
/* global sessionStorage, fetch, setTimeout, clearTimeout, location, URLSearchParams */

const KEY = 'tradeapi.explorer.session';
let session = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
let timer = null;
const listeners = new Set();

/** A failed call: the envelope's error, with its request id. */
export class ApiFailure extends Error {
  constructor(code, type, message, requestId) {
    super(message);
    this.code = code;
    this.type = type;
    this.requestId = requestId;
  }
}

export const isSignedIn = () => session !== null;
export const hasScope = (scope) => session?.scopes.includes(scope) ?? false;
export const onSessionChange = (fn) => listeners.add(fn);

function keep(next) {
  const changed = (session === null) !== (next === null);
  session = next;
  if (next) sessionStorage.setItem(KEY, JSON.stringify(next));
  else sessionStorage.removeItem(KEY);
  clearTimeout(timer);
  if (next) {
    const wait = Math.max(5_000, Date.parse(next.expires_at) - Date.now() - 60_000);
    timer = setTimeout(() => refresh().catch(() => keep(null)), wait);
  }
  // Listeners hear sign-in and sign-out; a refresh changes nothing they show.
  if (changed) for (const fn of listeners) fn(next !== null);
}

async function call(method, path, body, token) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const envelope = await res.json().catch(() => null);
  if (!res.ok || envelope?.status !== 'success') {
    const e = envelope?.error;
    throw new ApiFailure(res.status, e?.type ?? 'internal_error', e?.message ?? res.statusText, e?.request_id ?? res.headers.get('x-request-id'));
  }
  return envelope;
}

export async function signIn(apiKey, apiSecret) {
  const env = await call('POST', '/v1/auth/token', { api_key: apiKey, api_secret: apiSecret });
  keep(env.data[0]);
}

async function refresh() {
  const env = await call('POST', '/v1/auth/refresh', { refresh_token: session.refresh_token });
  keep(env.data[0]);
}

/** Revokes the refresh token (its whole family) and then the access token, then forgets both. */
export async function signOut() {
  if (!session) return;
  const { access_token, refresh_token } = session;
  try {
    await call('POST', '/v1/auth/revoke', { token: refresh_token }, access_token);
    await call('POST', '/v1/auth/revoke', { token: access_token }, access_token);
  } finally {
    keep(null);
  }
}

/** The path with its query; empty values are left out so the URL says only what was chosen. */
export function pathOf(path, params = {}) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/**
 * One authenticated call. Each call is reported to `log` (the view's "see this as API call"
 * list) before it is made. An expired token is refreshed once and the call repeated.
 */
export async function api(method, path, { params, body, log } = {}) {
  if (!session) throw new ApiFailure(401, 'unauthorized', 'Not signed in', null);
  const url = pathOf(path, params);
  log?.({ method, url, body });
  try {
    return await call(method, url, body, session.access_token);
  } catch (err) {
    if (err instanceof ApiFailure && err.type === 'token_expired') {
      await refresh();
      return call(method, url, body, session.access_token);
    }
    throw err;
  }
}

/** A download (format=csv) of the same query, fetched with the token and handed over as a Blob. */
export async function download(path, params) {
  const res = await fetch(pathOf(path, { ...params, format: 'csv' }), { headers: { authorization: `Bearer ${session.access_token}` } });
  if (!res.ok) {
    const e = (await res.json().catch(() => null))?.error;
    throw new ApiFailure(res.status, e?.type ?? 'internal_error', e?.message ?? res.statusText, e?.request_id ?? null);
  }
  return res.blob();
}

export const origin = () => location.origin;

// A session restored from sessionStorage after a reload needs its refresh timer again.
if (session) keep(session);
