// Labels in English and Turkish, and number and date formatting for the chosen language. The
// choice lives in sessionStorage, like the session, so a reload keeps it.
/* global sessionStorage, navigator, document */

const LABELS = {
  explorer: ['explorer', 'gezgini'],
  signIn: ['Sign in', 'Giriş yap'],
  signOut: ['Sign out', 'Çıkış yap'],
  signInIntro: ['Sign in with an API key and its secret. The token is kept for this tab only.', 'Bir API anahtarı ve gizli anahtarıyla giriş yapın. Belirteç yalnızca bu sekmede tutulur.'],
  apiKey: ['API key', 'API anahtarı'],
  apiSecret: ['API secret', 'Gizli anahtar'],
  footer: ['Every view is a call to the public API; see /docs for all operations.', 'Her görünüm herkese açık API’ye yapılan bir çağrıdır; tüm işlemler için /docs.'],
  market: ['Market', 'Pazar'],
  company: ['Company', 'Firma'],
  product: ['Product', 'Ürün'],
  shipment: ['Shipment', 'Sevkiyat'],
  forecast: ['Forecast', 'Tahmin'],
  flow: ['Flow', 'Akış'],
  export: ['Exports', 'İhracat'],
  import: ['Imports', 'İthalat'],
  from: ['From', 'Başlangıç'],
  to: ['To', 'Bitiş'],
  hs: ['HS / GTİP code', 'HS / GTİP kodu'],
  hsSearch: ['Search products by text', 'Ürünleri metinle ara'],
  country: ['Partner country (ISO)', 'Ortak ülke (ISO)'],
  apply: ['Show', 'Göster'],
  loading: ['Loading…', 'Yükleniyor…'],
  empty: ['No trade in this window: the data covers {from} to {to}.', 'Bu aralıkta ticaret yok: veriler {from} ile {to} arasını kapsıyor.'],
  emptyShipments: ['No shipment with an ETA in this window: the data covers {from} to {to}.', 'Bu aralıkta ETA’sı olan sevkiyat yok: veriler {from} ile {to} arasını kapsıyor.'],
  noMatch: ['Nothing matches.', 'Eşleşen kayıt yok.'],
  error: ['The API answered {code}: {message}', 'API {code} yanıtı verdi: {message}'],
  requestId: ['Request id', 'İstek kimliği'],
  apiCalls: ['See this as API calls', 'Bunu API çağrıları olarak gör'],
  apiCallsNote: ['Replace $TOKEN with an access token from POST /v1/auth/token.', '$TOKEN yerine POST /v1/auth/token ile alınan erişim belirtecini yazın.'],
  downloadCsv: ['Download CSV', 'CSV indir'],
  timeSeries: ['Value by month', 'Aylara göre değer'],
  partners: ['Partners', 'Ortak ülkeler'],
  products: ['Products', 'Ürünler'],
  total: ['Total', 'Toplam'],
  growth: ['Growth vs previous period', 'Önceki döneme göre büyüme'],
  period: ['Period', 'Dönem'],
  valueUsd: ['Value (USD)', 'Değer (USD)'],
  weightKg: ['Net weight (kg)', 'Net ağırlık (kg)'],
  records: ['Declarations', 'Beyannameler'],
  share: ['Share', 'Pay'],
  code: ['Code', 'Kod'],
  description: ['Description', 'Tanım'],
  name: ['Name', 'Ad'],
  search: ['Search', 'Ara'],
  companySearch: ['Company name (Turkish letters optional)', 'Firma adı (Türkçe harfler isteğe bağlı)'],
  profile: ['Profile', 'Profil'],
  history: ['Trade history', 'Ticaret geçmişi'],
  topPartners: ['Top partners', 'Başlıca ortaklar'],
  hsMix: ['HS mix', 'HS dağılımı'],
  competitors: ['Competitors', 'Rakipler'],
  contacts: ['Contacts', 'İletişim kişileri'],
  contactsHidden: ['Contact details need the contacts:read scope.', 'İletişim bilgileri contacts:read yetkisi gerektirir.'],
  taxNumber: ['Tax number', 'Vergi numarası'],
  city: ['City', 'Şehir'],
  sector: ['Sector', 'Sektör'],
  roles: ['Roles', 'Roller'],
  firstLast: ['First / last trade', 'İlk / son ticaret'],
  overlap: ['Overlap', 'Örtüşme'],
  path: ['Nomenclature path', 'Tarife yolu'],
  tariffs: ['Tariffs by origin', 'Menşe ülkeye göre vergiler'],
  origin: ['Origin', 'Menşe'],
  customsDuty: ['Customs duty %', 'Gümrük vergisi %'],
  additionalDuty: ['Additional duty %', 'İlave gümrük vergisi %'],
  dutiesAt6: ['Tariffs, regulations and landed cost are shown for codes of 6 digits or more.', 'Vergiler, düzenlemeler ve maliyet hesabı 6 ve daha fazla haneli kodlar için gösterilir.'],
  regulations: ['Regulations', 'Düzenlemeler'],
  landedCost: ['Landed cost', 'Maliyet hesabı'],
  customsValue: ['Customs value (USD)', 'Gümrük kıymeti (USD)'],
  freight: ['Freight (USD)', 'Navlun (USD)'],
  calculate: ['Calculate', 'Hesapla'],
  tradeByPartner: ['Trade by partner', 'Ortağa göre ticaret'],
  trend: ['Trend', 'Eğilim'],
  reference: ['Container, B/L or booking number', 'Konteyner, konşimento veya rezervasyon numarası'],
  track: ['Track', 'Takip et'],
  etaWindow: ['Shipments by ETA', 'ETA’ya göre sevkiyatlar'],
  status: ['Status', 'Durum'],
  route: ['Route', 'Güzergâh'],
  eta: ['ETA', 'Tahmini varış'],
  etaRange: ['ETA range (p10–p90)', 'Tahmini varış aralığı (p10–p90)'],
  events: ['Events', 'Olaylar'],
  classifier: ['Times', 'Zamanlar'],
  all: ['All', 'Tümü'],
  PLN: ['Planned', 'Planlanan'],
  EST: ['Estimated', 'Tahmini'],
  ACT: ['Actual', 'Gerçekleşen'],
  event: ['Event', 'Olay'],
  time: ['Time', 'Zaman'],
  location: ['Location', 'Yer'],
  freq: ['Frequency', 'Sıklık'],
  month: ['Month', 'Ay'],
  quarter: ['Quarter', 'Çeyrek'],
  year: ['Year', 'Yıl'],
  horizon: ['Horizon (periods)', 'Ufuk (dönem)'],
  history2: ['History', 'Geçmiş'],
  fc: ['Forecast', 'Tahmin'],
  band80: ['80 % interval', '%80 aralık'],
  band95: ['95 % interval', '%95 aralık'],
  model: ['Model', 'Model'],
  backtest: ['Backtest: MASE {mase}, sMAPE {smape} % over {origins} origins', 'Geriye dönük test: MASE {mase}, sMAPE %{smape}, {origins} başlangıç'],
  lower80: ['Lower 80 %', 'Alt %80'],
  upper80: ['Upper 80 %', 'Üst %80'],
  lower95: ['Lower 95 %', 'Alt %95'],
  upper95: ['Upper 95 %', 'Üst %95'],
  chartAlt: ['Chart; the same figures are in the table below.', 'Grafik; aynı rakamlar aşağıdaki tabloda.'],
};

let lang = sessionStorage.getItem('tradeapi.explorer.lang') ?? (navigator.language?.toLowerCase().startsWith('tr') ? 'tr' : 'en');

export const getLang = () => lang;
export function setLang(next) {
  lang = next;
  sessionStorage.setItem('tradeapi.explorer.lang', next);
  document.documentElement.lang = next;
}

/** The label for key in the current language, with {name} placeholders filled from vars. */
export function t(key, vars = {}) {
  const pair = LABELS[key];
  const text = pair ? pair[lang === 'tr' ? 1 : 0] : key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(vars[name] ?? ''));
}

const locale = () => (lang === 'tr' ? 'tr-TR' : 'en-GB');
export const num = (v, digits = 0) => (v === null || v === undefined ? '–' : new Intl.NumberFormat(locale(), { maximumFractionDigits: digits }).format(v));
export const usd = (v) => (v === null || v === undefined ? '–' : new Intl.NumberFormat(locale(), { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(v));
export const pct = (v, digits = 1) => (v === null || v === undefined ? '–' : new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: digits }).format(v));
export const dateTime = (iso) => (iso ? new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)) + ' UTC' : '–');
export const date = (iso) => (iso ? new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso)) : '–');
