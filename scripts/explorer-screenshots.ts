// Screenshots of each explorer view for the README: the real server over a seeded store (the same
// one the browser tests use), Debian's chromium, one PNG per view in docs/explorer/.
// Run: npx tsx scripts/explorer-screenshots.ts [output directory]
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { serveSeeded, launchBrowser, hasChromium, CHROMIUM, COVERAGE, monthsBack } from '../test/explorer/harness.js';

if (!hasChromium) {
  console.error(`${CHROMIUM} is absent: apt-get install -y chromium`);
  process.exit(1);
}
const outDir = process.argv[2] ?? path.join('docs', 'explorer');
fs.mkdirSync(outDir, { recursive: true });

const served = await serveSeeded(1500);
const db = served.t.deps.store.db;
const company = await db.selectFrom('companies').innerJoin('declarations', 'declarations.company_id', 'companies.id')
  .select(['companies.id', 'companies.name']).where('companies.country', '=', 'TR').groupBy(['companies.id', 'companies.name'])
  .orderBy(sql`count(*)`, 'desc').limit(1).executeTakeFirstOrThrow();
const hs = await db.selectFrom('declaration_items').select(sql<string>`substr(gtip, 1, 6)`.as('hs6')).groupBy(sql`substr(gtip, 1, 6)`)
  .orderBy(sql`count(distinct declaration_id)`, 'desc').limit(1).executeTakeFirstOrThrow();
const shipment = await db.selectFrom('shipments').innerJoin('shipment_events', 'shipment_events.shipment_id', 'shipments.id')
  .select(sql<string>`coalesce(shipments.bl_number, shipments.booking_number, shipments.awb_number)`.as('reference')).groupBy('shipments.id')
  .having(sql`count(distinct shipment_events.classifier)`, '>', 1).orderBy(sql`count(*)`, 'desc').limit(1).executeTakeFirstOrThrow();
const word = company.name.split(' ')[0]!;

const views: [string, string][] = [
  ['market', `#/market?flow=export&from=${monthsBack(COVERAGE.to, 23)}&to=${COVERAGE.to}`],
  ['company', `#/company?q=${encodeURIComponent(word)}&id=${company.id}`],
  ['product', `#/product?code=${hs.hs6}&origin=CN`],
  ['shipment', `#/shipment?ref=${encodeURIComponent(shipment.reference)}`],
  ['forecast', '#/forecast?flow=export&horizon=12'],
];

const browser = await launchBrowser();
try {
  const page = await browser.browser.newPage();
  const key = await served.key();
  await page.goto(`${served.base}/`);
  await page.fill('input[name=api_key]', key.api_key);
  await page.fill('input[name=api_secret]', key.api_secret);
  await page.click('form.sign-in button[type=submit]');
  await page.locator('.chart canvas').first().waitFor();
  for (const [name, hash] of views) {
    await page.goto(`${served.base}/${hash}`);
    await page.locator('.chart canvas').first().waitFor();
    await page.waitForFunction(() => (globalThis as unknown as { document: { querySelector(s: string): unknown } }).document.querySelector('.state.loading') === null);
    await page.screenshot({ path: path.join(outDir, `${name}.png`) });
    console.log(`${name}: ${path.join(outDir, `${name}.png`)}`);
  }
} finally {
  await browser.close();
  await served.close();
}
