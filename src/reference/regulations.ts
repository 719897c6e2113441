// Non-tariff regulatory measures keyed by HS prefix: licences, conformity checks, surveillance,
// prohibitions, registrations and quotas. DEMO DATA: the kinds of measure and the authorities
// are real; communiqué numbers, thresholds and dates marked `illustrative` are invented.
// Unlike tariff rates, regulations add up: every matching measure applies, not only the longest.

import { EFTA, EU27, assertIsoDate } from './agreements.js';

export type RegulationKind = 'licence' | 'conformity_check' | 'surveillance' | 'prohibition' | 'registration' | 'quota';
export type TradeFlow = 'import' | 'export';

export interface Regulation {
  id: string;
  /** Digits only, 2–12 long. */
  hs_prefix: string;
  kind: RegulationKind;
  authority: string;
  title_en: string;
  title_tr: string;
  applies_to: {
    flow: TradeFlow | 'both';
    /** Only these partner countries; absent = all. */
    origins?: readonly string[];
    /** All partner countries except these. */
    except_origins?: readonly string[];
  };
  valid_from: string;
  /** Last day, inclusive; null = open-ended. */
  valid_to: string | null;
  legal_basis: string;
  document_required: string | null;
  /** Surveillance that bites only below a declared unit value. */
  unit_value_threshold?: { usd: number; per: 'kg' | 'pair' | 'unit' };
  illustrative: boolean;
}

const FROM = '2019-01-01';
const TAREKS_TRADE = 'Ticaret Bakanlığı — TAREKS';
const TAREKS_INDUSTRY = 'Sanayi ve Teknoloji Bakanlığı — TAREKS';
const AGRICULTURE = 'Tarım ve Orman Bakanlığı';
const HEALTH = 'TİTCK (Sağlık)';
const CU_AND_EFTA = [...EU27, ...EFTA];

function reg(r: Omit<Regulation, 'valid_from' | 'valid_to' | 'illustrative'> & Partial<Regulation>): Regulation {
  return { valid_from: FROM, valid_to: null, illustrative: true, ...r };
}

// Food and feed of animal and plant origin need a control certificate before import.
const FOOD_CHAPTERS = ['02', '03', '04', '07', '08', '10', '11', '15', '16', '17', '19', '20', '21'];

export const REGULATIONS: readonly Regulation[] = [
  reg({
    id: 'tareks-toys', hs_prefix: '9503', kind: 'conformity_check', authority: TAREKS_TRADE,
    title_en: 'Product safety check on toys', title_tr: 'Oyuncakların ürün güvenliği denetimi',
    applies_to: { flow: 'import' }, legal_basis: 'Ürün Güvenliği ve Denetimi Tebliği (toys; illustrative number)',
    document_required: 'TAREKS conformity reference (uygunluk yazısı)',
  }),
  ...['8509', '8516', '8504'].map((p) => reg({
    id: `tareks-electrical-${p}`, hs_prefix: p, kind: 'conformity_check', authority: TAREKS_INDUSTRY,
    title_en: 'Conformity check on low-voltage electrical equipment',
    title_tr: 'Alçak gerilim elektrikli teçhizat uygunluk denetimi',
    applies_to: { flow: 'import' }, legal_basis: 'Ürün Güvenliği ve Denetimi Tebliği (electrical; illustrative number)',
    document_required: 'TAREKS conformity reference',
  })),
  reg({
    id: 'tareks-tyres', hs_prefix: '4011', kind: 'conformity_check', authority: TAREKS_INDUSTRY,
    title_en: 'Conformity check on new pneumatic tyres', title_tr: 'Yeni dış lastiklerin uygunluk denetimi',
    applies_to: { flow: 'import' }, legal_basis: 'Ürün Güvenliği ve Denetimi Tebliği (tyres; illustrative number)',
    document_required: 'TAREKS conformity reference',
  }),
  reg({
    id: 'type-approval-cars', hs_prefix: '8703', kind: 'conformity_check', authority: 'Sanayi ve Teknoloji Bakanlığı',
    title_en: 'Vehicle type approval', title_tr: 'Araç tip onayı',
    applies_to: { flow: 'import' }, legal_basis: 'Motorlu Araçlar Tip Onayı Yönetmeliği (illustrative reference)',
    document_required: 'Type-approval certificate or certificate of conformity',
  }),
  reg({
    id: 'surveillance-footwear', hs_prefix: '64', kind: 'surveillance', authority: 'Ticaret Bakanlığı',
    title_en: 'Import surveillance on footwear below a unit value', title_tr: 'Ayakkabı ithalatında gözetim',
    applies_to: { flow: 'import', except_origins: CU_AND_EFTA },
    legal_basis: 'İthalatta Gözetim Uygulanmasına İlişkin Tebliğ (footwear; illustrative number)',
    document_required: 'Surveillance document (gözetim belgesi)', unit_value_threshold: { usd: 25, per: 'pair' },
  }),
  ...['61', '62'].map((ch) => reg({
    id: `surveillance-apparel-${ch}`, hs_prefix: ch, kind: 'surveillance', authority: 'Ticaret Bakanlığı',
    title_en: 'Import surveillance on apparel below a unit value', title_tr: 'Hazır giyim ithalatında gözetim',
    applies_to: { flow: 'import', except_origins: CU_AND_EFTA },
    legal_basis: 'İthalatta Gözetim Uygulanmasına İlişkin Tebliğ (apparel; illustrative number)',
    document_required: 'Surveillance document (gözetim belgesi)', unit_value_threshold: { usd: 30, per: 'kg' },
  })),
  reg({
    id: 'surveillance-steel', hs_prefix: '72', kind: 'surveillance', authority: 'Ticaret Bakanlığı',
    title_en: 'Prior surveillance of steel imports', title_tr: 'Çelik ithalatında önceden gözetim',
    applies_to: { flow: 'import', except_origins: EU27 },
    legal_basis: 'İthalatta Gözetim Uygulanmasına İlişkin Tebliğ (steel; illustrative number)',
    document_required: 'Surveillance document (gözetim belgesi)',
  }),
  ...FOOD_CHAPTERS.map((ch) => reg({
    id: `tob-control-${ch}`, hs_prefix: ch, kind: 'licence', authority: AGRICULTURE,
    title_en: 'Control certificate for food imports', title_tr: 'Gıda ithalatında kontrol belgesi',
    applies_to: { flow: 'import' }, legal_basis: 'Gıda ve Yem Kontrol Belgesi Tebliği (illustrative reference)',
    document_required: 'Control certificate (kontrol belgesi)',
  })),
  reg({
    id: 'tob-phyto-0802', hs_prefix: '0802', kind: 'conformity_check', authority: AGRICULTURE,
    title_en: 'Phytosanitary and aflatoxin check on nuts', title_tr: 'Sert kabuklu meyvelerde bitki sağlığı ve aflatoksin kontrolü',
    applies_to: { flow: 'both' }, legal_basis: 'Bitki Sağlığı Yönetmeliği (illustrative reference)',
    document_required: 'Phytosanitary certificate',
  }),
  ...['080221', '080222'].map((p) => reg({
    id: `export-registration-hazelnut-${p}`, hs_prefix: p, kind: 'registration', authority: 'Ticaret Bakanlığı — ihracatçı birlikleri',
    title_en: 'Export registration of hazelnuts with the exporters’ association',
    title_tr: 'Fındık ihracatında ihracatçı birliği kaydı',
    applies_to: { flow: 'export' }, legal_basis: 'İhracat Rejimi Kararı, kayda bağlı ihracat (illustrative reference)',
    document_required: 'Registered export declaration',
  })),
  reg({
    id: 'titck-medicines', hs_prefix: '30', kind: 'licence', authority: HEALTH,
    title_en: 'Import permit for medicinal products', title_tr: 'Beşeri tıbbi ürün ithal izni',
    applies_to: { flow: 'import' }, legal_basis: 'Beşeri Tıbbi Ürünler İthalat Yönetmeliği (illustrative reference)',
    document_required: 'TİTCK import permit (ithal izin belgesi)',
  }),
  ...['3303', '3304', '3305'].map((p) => reg({
    id: `titck-cosmetics-${p}`, hs_prefix: p, kind: 'registration', authority: HEALTH,
    title_en: 'Cosmetic product notification in the product tracking system',
    title_tr: 'Kozmetik ürünlerin ÜTS bildirimi',
    applies_to: { flow: 'import' }, legal_basis: 'Kozmetik Yönetmeliği (illustrative reference)',
    document_required: 'ÜTS product notification',
  })),
  reg({
    id: 'epdk-crude', hs_prefix: '2709', kind: 'licence', authority: 'EPDK',
    title_en: 'Refinery or import licence for crude oil', title_tr: 'Ham petrol için rafinerici veya ithalat lisansı',
    applies_to: { flow: 'import' }, legal_basis: 'Petrol Piyasası Lisans Yönetmeliği (illustrative reference)',
    document_required: 'EPDK licence',
  }),
  reg({
    id: 'epdk-fuels', hs_prefix: '2710', kind: 'licence', authority: 'EPDK',
    title_en: 'Distributor licence for importing fuels', title_tr: 'Akaryakıt ithalatında dağıtıcı lisansı',
    applies_to: { flow: 'import' }, legal_basis: 'Petrol Piyasası Lisans Yönetmeliği (illustrative reference)',
    document_required: 'EPDK licence',
  }),
  reg({
    id: 'btk-imei', hs_prefix: '851713', kind: 'registration', authority: 'BTK',
    title_en: 'IMEI registration of mobile phones', title_tr: 'Cep telefonlarının IMEI kaydı',
    applies_to: { flow: 'import' }, legal_basis: 'Elektronik Haberleşme Cihazlarının Kayda Alınması Yönetmeliği (illustrative reference)',
    document_required: 'IMEI registration',
  }),
  reg({
    id: 'quota-gold', hs_prefix: '7108', kind: 'quota', authority: 'Ticaret Bakanlığı',
    title_en: 'Tariff quota on unwrought gold', title_tr: 'İşlenmemiş altın ithalatında kota',
    applies_to: { flow: 'import' }, valid_from: '2023-08-19',
    legal_basis: 'Altın ithalatında kota uygulaması (illustrative reference and date)',
    document_required: 'Quota allocation',
  }),
  reg({
    id: 'prohibit-worn-clothing', hs_prefix: '6309', kind: 'prohibition', authority: 'Ticaret Bakanlığı',
    title_en: 'Import of worn clothing prohibited', title_tr: 'Kullanılmış giysi ithalatı yasağı',
    applies_to: { flow: 'import' }, legal_basis: 'Kullanılmış veya yenileştirilmiş eşya ithalatı tebliği (illustrative reference)',
    document_required: null,
  }),
  reg({
    id: 'prohibit-used-tyres', hs_prefix: '401220', kind: 'prohibition', authority: 'Ticaret Bakanlığı',
    title_en: 'Import of used pneumatic tyres prohibited', title_tr: 'Kullanılmış dış lastik ithalatı yasağı',
    applies_to: { flow: 'import' }, legal_basis: 'Kullanılmış veya yenileştirilmiş eşya ithalatı tebliği (illustrative reference)',
    document_required: null,
  }),
  reg({
    id: 'licence-plastic-waste', hs_prefix: '3915', kind: 'licence', authority: 'Çevre, Şehircilik ve İklim Değişikliği Bakanlığı',
    title_en: 'Control certificate for plastic waste imports', title_tr: 'Plastik atık ithalatında kontrol belgesi',
    applies_to: { flow: 'import' }, legal_basis: 'Çevreyi Korumak Amacıyla Kontrol Altında Tutulan Atıkların İthalat Denetimi Tebliği (illustrative reference)',
    document_required: 'Control certificate',
  }),
  reg({
    id: 'prohibit-antiques-export', hs_prefix: '9706', kind: 'prohibition', authority: 'Kültür ve Turizm Bakanlığı',
    title_en: 'Export of cultural property prohibited', title_tr: 'Kültür varlıklarının ihracı yasağı',
    applies_to: { flow: 'export' }, legal_basis: 'Kültür ve Tabiat Varlıklarını Koruma Kanunu 2863',
    document_required: null, illustrative: false,
  }),
  reg({
    id: 'tse-helmets', hs_prefix: '650610', kind: 'conformity_check', authority: 'TSE',
    title_en: 'Standards conformity of safety headgear', title_tr: 'Koruyucu başlıklarda standarda uygunluk',
    applies_to: { flow: 'import' }, legal_basis: 'Dış Ticarette Standardizasyon Tebliği (illustrative number)',
    document_required: 'TSE conformity certificate',
  }),
];

function applies(r: Regulation, flow: TradeFlow, country: string, onDate: string): boolean {
  if (r.applies_to.flow !== 'both' && r.applies_to.flow !== flow) return false;
  if (onDate < r.valid_from || (r.valid_to !== null && onDate > r.valid_to)) return false;
  if (r.applies_to.origins && !r.applies_to.origins.includes(country)) return false;
  return !(r.applies_to.except_origins?.includes(country) ?? false);
}

/**
 * Every regulation for a digits-only HS code on a date, most specific prefix first.
 * `country` is the origin for imports and the destination for exports.
 */
export function measuresFor(code: string, flow: TradeFlow, country: string, onDate: string): Regulation[] {
  assertIsoDate(onDate, 'onDate');
  const digits = code.replace(/\./g, '');
  const partner = country.toUpperCase();
  return REGULATIONS
    .filter((r) => digits.startsWith(r.hs_prefix) && applies(r, flow, partner, onDate))
    .sort((a, b) => b.hs_prefix.length - a.hs_prefix.length || a.id.localeCompare(b.id));
}
