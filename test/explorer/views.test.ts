// The explorer in a real browser (Debian's chromium) against the real server over a seeded store:
// each view signs in with a real key, draws a chart with data points and a table, issues a new
// request when a filter changes, and shows the empty state for a window outside the data; a bad
// secret shows the error state. Every request the page made is then checked against the OpenAPI
// document, and none may have got a 5xx. One browser and one page for the whole file.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { sql } from 'kysely';
import { hasChromium, CHROMIUM, COVERAGE, monthsBack, serveSeeded, launchBrowser, type Served } from './harness.js';
import { foldTurkish } from '../../src/domain/codes/text.js';

interface Seen { method: string; url: string; status: number }

if (!hasChromium) console.warn(`explorer browser tests skipped: ${CHROMIUM} is absent (apt-get install -y chromium)`);

describe.skipIf(!hasChromium)('explorer in chromium', () => {
  let s: Served;
  let closeBrowser: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;
  const seen: Seen[] = [];
  const consoleErrors: string[] = [];
  const real: { company: { id: number; name: string }; hs6: string; reference: string } = { company: { id: 0, name: '' }, hs6: '', reference: '' };

  beforeAll(async () => {
    s = await serveSeeded();
    const db = s.t.deps.store.db;
    // A Turkish company with letters that fold (ş, ı, ö …), the most traded HS6 and a shipment
    // with planned, estimated and actual events.
    const companies = await db.selectFrom('companies').innerJoin('declarations', 'declarations.company_id', 'companies.id')
      .select(['companies.id', 'companies.name']).where('companies.country', '=', 'TR').groupBy(['companies.id', 'companies.name'])
      .orderBy(sql`count(*)`, 'desc').orderBy('companies.id').execute();
    const company = companies.find((c) => /[şığöüçİŞĞÖÜÇ]/.test(c.name.split(' ')[0]!))!;
    real.company = { id: Number(company.id), name: company.name };
    const hs = await db.selectFrom('declaration_items').select(sql<string>`substr(gtip, 1, 6)`.as('hs6')).groupBy(sql`substr(gtip, 1, 6)`)
      .orderBy(sql`count(distinct declaration_id)`, 'desc').orderBy(sql`substr(gtip, 1, 6)`).limit(1).executeTakeFirstOrThrow();
    real.hs6 = hs.hs6;
    const shipment = await db.selectFrom('shipments').innerJoin('shipment_events', 'shipment_events.shipment_id', 'shipments.id')
      .select(sql<string>`coalesce(shipments.bl_number, shipments.booking_number, shipments.awb_number)`.as('reference')).groupBy('shipments.id')
      .having(sql`count(distinct shipment_events.classifier)`, '>', 1).orderBy('shipments.id').limit(1).executeTakeFirstOrThrow();
    real.reference = shipment.reference;

    const launched = await launchBrowser();
    closeBrowser = launched.close;
    context = launched.browser;
    page = await context.newPage();
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/v1/')) seen.push({ method: r.request().method(), url: r.url(), status: r.status() });
    });
    // CSP refusals and script errors surface as console errors.
    page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
    page.on('pageerror', (e) => consoleErrors.push(e.message));
  }, 90_000);

  afterAll(async () => {
    await closeBrowser?.();
    await s?.close();
  });

  // Code run in the page is passed as text: the test project's types do not include the DOM.
  /** Waits until no part of the view is loading. */
  // (a function, not text, here: polling text would be an eval, which the page's CSP refuses).
  const settled = () => page.waitForFunction(() => {
    const doc = (globalThis as unknown as { document: { querySelector(selector: string): unknown } }).document;
    return doc.querySelector('.results') !== null && doc.querySelector('.state.loading') === null;
  });
  const inPage = <T>(expression: string) => page.evaluate(expression) as Promise<T>;
  const SESSION = "sessionStorage.getItem('tradeapi.explorer.session')";

  /** Goes to a view's URL and waits for the answer of the call whose path is given. */
  async function open(hash: string, path: string) {
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === path);
    const target = `${s.base}/${hash}`;
    // The same URL again would be no navigation at all.
    if (page.url() === target) await page.reload();
    else await page.goto(target);
    await answered;
    await settled();
  }

  /**
   * The data of every series of the index-th chart, read from ECharts itself. The function is
   * passed as text: vitest would rewrite a dynamic import() in test code into its own loader.
   */
  const chartData = (index = 0) =>
    page.evaluate(`(async () => {
      const echarts = await import('/explorer/vendor/echarts.esm.min.mjs');
      const el = document.querySelectorAll('.chart')[${index}];
      return echarts.getInstanceByDom(el).getOption().series.map((x) => x.data);
    })()`) as Promise<unknown[][]>;
  const points = (data: unknown[][]) => data.flat().filter((v) => v !== null && v !== 0).length;
  const tableRows = (index = 0) => page.locator('.figure').nth(index).locator('tbody tr').count();

  /** Fills the filter form (by control name) and submits it; resolves with the call whose path matches. */
  async function filter(values: Record<string, string>, path: string) {
    for (const [name, value] of Object.entries(values)) {
      const control = page.locator(`form.filters [name="${name}"]`);
      if ((await control.evaluate((el) => el.tagName)) === 'SELECT') await control.selectOption(value);
      else await control.fill(value);
    }
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === path);
    await page.locator('form.filters button[type=submit]').first().click();
    const res = await answered;
    await settled();
    return new URL(res.url());
  }

  const last = COVERAGE.to;
  const sixBack = monthsBack(last, 5);
  const threeBack = monthsBack(last, 2);

  async function signIn(secret?: string) {
    const key = await s.key();
    await page.goto(`${s.base}/#/market`);
    await page.fill('input[name=api_key]', key.api_key);
    await page.fill('input[name=api_secret]', secret ?? key.api_secret);
    await page.click('form.sign-in button[type=submit]');
  }

  it('shows the error state with the message and request id for a bad secret, and never uses localStorage', async () => {
    await signIn('ts_wrong-secret');
    const error = page.locator('.state.error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/401/);
    const id = await error.locator('.request-id code').textContent();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.some((r) => r.url.includes('/v1/auth/token') && r.status === 401)).toBe(true);
    expect(await inPage<number>('localStorage.length')).toBe(0);
  });

  it('Market: signs in, draws the series and breakdowns, follows a filter change, shows the empty state', async () => {
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/exports/time-series');
    await signIn();
    await answered;
    await settled();
    expect(await inPage<string | null>(SESSION)).toContain('access_token');
    expect(await inPage<number>('localStorage.length')).toBe(0);
    const before = await chartData(0);
    expect(points(before)).toBeGreaterThan(12);
    expect(await tableRows(0)).toBeGreaterThan(12);
    expect(points(await chartData(1))).toBeGreaterThan(0);
    // A tooltip: ECharts writes it as markup with style attributes, which the page's CSP must allow
    // (the last test finds any refusal in the console).
    const box = (await page.locator('.chart').first().boundingBox())!;
    for (const x of [0.3, 0.5, 0.7]) await page.mouse.move(box.x + box.width * x, box.y + box.height / 2);
    await page.locator('.chart div', { hasText: 'Value (USD)' }).first().waitFor();
    expect(await page.locator('.api-calls pre').textContent()).toContain('/v1/exports/time-series?freq=month');

    const url = await filter({ flow: 'import', from: sixBack, to: last }, '/v1/imports/time-series');
    expect(url.searchParams.get('from')).toBe(sixBack);
    expect(page.url()).toContain(`#/market?flow=import&from=${sixBack}&to=${last}`);
    const after = await chartData(0);
    expect(after[0]).toHaveLength(6);
    expect(after).not.toEqual(before);

    await filter({ from: '2010-01', to: '2010-12' }, '/v1/imports/time-series');
    expect(await page.locator('.state.empty').textContent()).toMatch(new RegExp(`No trade in this window: the data covers .*${COVERAGE.from.slice(0, 4)} to .*${COVERAGE.to.slice(0, 4)}`));
  });

  it('Company: finds a company by its folded name, draws its history, follows the window, shows the empty state', async () => {
    // Two words of the name, so the company is among the first results whatever else the seed made.
    const words = real.company.name.split(' ').slice(0, 2).join(' ');
    const folded = foldTurkish(words);
    expect(folded).toMatch(/^[a-z0-9 .&-]+$/);
    expect(folded).not.toBe(words.toLowerCase());
    await open(`#/company?q=${encodeURIComponent(folded)}`, '/v1/companies');
    const pick = page.locator('.pick', { hasText: real.company.name }).first();
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === `/v1/companies/${real.company.id}/trade-history`);
    await pick.click();
    await answered;
    await settled();
    expect(await page.locator('.facts').first().textContent()).toContain(real.company.name);
    const before = await chartData(0);
    expect(points(before)).toBeGreaterThan(3);
    expect(await tableRows(0)).toBeGreaterThan(3);

    const url = await filter({ from: threeBack, to: last }, `/v1/companies/${real.company.id}/trade-history`);
    expect(url.searchParams.get('to')).toBe(last);
    expect(await chartData(0)).not.toEqual(before);
    expect((await chartData(0))[0]!.length).toBeLessThanOrEqual(3);

    await filter({ from: '2010-01', to: '2010-12' }, `/v1/companies/${real.company.id}/trade-history`);
    expect(await page.locator('.state.empty').first().textContent()).toMatch(/No trade in this window/);
  });

  it('Product: shows the path, tariffs and trade of a code, follows the window, shows the empty state', async () => {
    await open(`#/product?code=${real.hs6}`, `/v1/hs-codes/${real.hs6}/trade`);
    expect(await page.locator('.crumbs li').count()).toBeGreaterThanOrEqual(3);
    const before = await chartData(0);
    expect(points(before)).toBeGreaterThan(3);
    expect(await tableRows(0)).toBeGreaterThan(3);
    expect(await page.locator('.panel', { hasText: 'Tariffs by origin' }).locator('tbody tr').count()).toBeGreaterThan(0);

    const url = await filter({ from: sixBack, to: last }, `/v1/hs-codes/${real.hs6}/trade`);
    expect(url.searchParams.get('from')).toBe(sixBack);
    expect(await chartData(0)).not.toEqual(before);

    await filter({ from: '2010-01', to: '2010-12' }, `/v1/hs-codes/${real.hs6}/trade`);
    expect(await page.locator('.state.empty').first().textContent()).toMatch(/No trade in this window/);

    // The landed-cost calculator posts to the API and lists the duties and taxes.
    const cost = page.locator('.panel', { hasText: 'Landed cost' });
    const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/v1/hs-codes/${real.hs6}/landed-cost`);
    await cost.locator('button[type=submit]').click();
    expect((await posted).status()).toBe(200);
    expect(await cost.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await cost.locator('.summary').textContent()).toMatch(/Total: US\$/);

    // Text in the code box is a search: suggestions come from GET /v1/hs-codes?q=.
    const searched = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/hs-codes');
    await page.locator('form.filters [name="code"]').pressSequentially('cotton');
    expect(new URL((await searched).url()).searchParams.get('q')).toMatch(/^cot/);
    await page.waitForFunction(() => (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll('datalist option').length > 0);
  });

  it('works from the keyboard: a tab link opens its view and the focus moves to its title', async () => {
    await page.focus('a.tab[href="#/forecast"]');
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/statistics/forecast');
    await page.keyboard.press('Enter');
    await answered;
    expect(page.url()).toMatch(/#\/forecast$/);
    expect(await page.evaluate('document.activeElement.className')).toBe('view-title');
  });

  it('Shipment: tracks a reference, draws its events, follows the classifier, shows the empty state for an ETA window', async () => {
    await open(`#/shipment?ref=${real.reference}`, '/v1/shipments/track');
    await page.waitForSelector('.chart canvas');
    const before = await chartData(0);
    expect(points(before)).toBeGreaterThan(2);
    expect(await tableRows(0)).toBe(points(before));

    const url = await filter({ classifier: 'ACT' }, '/v1/shipments/track');
    expect(page.url()).toContain('classifier=ACT');
    expect(url.searchParams.get('reference')).toBe(real.reference);
    const after = await chartData(0);
    expect(points(after)).toBeLessThan(points(before));
    expect(seen.some((r) => /\/v1\/shipments\/\d+\/events\?classifier=ACT$/.test(r.url))).toBe(true);

    await open('#/shipment?eta_from=2010-01-01&eta_to=2010-01-31', '/v1/shipments');
    expect(await page.locator('.state.empty').textContent()).toMatch(/No shipment with an ETA in this window/);
  });

  it('Forecast: draws history, forecast and intervals, follows the horizon, shows the empty state', async () => {
    await open('#/forecast?horizon=12', '/v1/statistics/forecast');
    const before = await chartData(0);
    expect(points(before)).toBeGreaterThan(24);
    expect(await tableRows(0)).toBe(12);
    expect(await page.locator('.summary').textContent()).toMatch(/MASE/);

    await filter({ horizon: '6' }, '/v1/statistics/forecast');
    expect(await tableRows(0)).toBe(6);
    expect(await chartData(0)).not.toEqual(before);

    await filter({ from: '2010-01', to: '2010-12' }, '/v1/exports/time-series');
    expect(await page.locator('.state.empty').textContent()).toMatch(/No trade in this window/);
  });

  it('switches labels and number formats to Turkish', async () => {
    await open(`#/market?from=${threeBack}&to=${last}`, '/v1/exports/time-series');
    await page.click('#lang');
    await settled();
    await page.locator('.figure').first().waitFor();
    expect(await page.locator('.view-title').textContent()).toBe('Pazar');
    // tr-TR groups thousands with a dot.
    expect(await page.locator('.figure tbody td.num').first().textContent()).toMatch(/\d\.\d{3}/);
    await page.click('#lang');
  });

  it('made only requests the OpenAPI document describes, none answered with a 5xx, and no CSP or script error', async () => {
    const doc = (await s.t.app.inject({ url: '/v1/openapi.json' })).json() as { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> };
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
        query: new Set((op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)),
      })));
    expect(seen.length).toBeGreaterThan(20);
    const undescribed = seen.filter((r) => {
      const url = new URL(r.url);
      const route = routes.find((x) => x.method === r.method && x.pattern.test(url.pathname));
      return !route || [...url.searchParams.keys()].some((k) => !route.query.has(k));
    });
    expect(undescribed).toEqual([]);
    expect(seen.filter((r) => r.status >= 500)).toEqual([]);
    expect(consoleErrors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  });

  it('hides contacts without contacts:read and refreshes the token a minute before it expires', async () => {
    // A second tab: its own session, and a clock the test moves instead of waiting.
    const tab = await context.newPage();
    try {
      await tab.clock.install();
      const key = await s.key(['trade:read', 'companies:read']);
      await tab.goto(`${s.base}/#/company?id=${real.company.id}`);
      await tab.fill('input[name=api_key]', key.api_key);
      await tab.fill('input[name=api_secret]', key.api_secret);
      const contactsAsked: string[] = [];
      tab.on('request', (r) => { if (r.url().includes('/contacts')) contactsAsked.push(r.url()); });
      await tab.click('form.sign-in button[type=submit]');
      await tab.locator('.panel', { hasText: 'contacts:read' }).waitFor();
      expect(contactsAsked).toEqual([]);

      const before = await tab.evaluate(`JSON.parse(${SESSION})`) as { access_token: string; expires_in: number };
      const refreshed = tab.waitForResponse((r) => new URL(r.url()).pathname === '/v1/auth/refresh');
      await tab.clock.fastForward((before.expires_in - 50) * 1000);
      expect((await refreshed).status()).toBe(200);
      await tab.waitForFunction(`JSON.parse(${SESSION}).access_token !== ${JSON.stringify(before.access_token)}`).catch(() => undefined);
      const after = await tab.evaluate(`JSON.parse(${SESSION})`) as { access_token: string };
      expect(after.access_token).not.toBe(before.access_token);
    } finally {
      await tab.close();
    }
  });

  it('signs out by revoking the token', async () => {
    await open(`#/market?from=${threeBack}&to=${last}`, '/v1/exports/time-series');
    const token = await inPage<string>(`JSON.parse(${SESSION}).access_token`);
    await page.click('#sign-out');
    await page.locator('form.sign-in').waitFor();
    expect(await inPage<string | null>(SESSION)).toBeNull();
    const res = await s.t.app.inject({ url: '/v1/account', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });
});
