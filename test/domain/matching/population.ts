// Generated Turkish trade names for matching tests: small word lists, seeded, with the collisions
// real registers have (one surname in many sectors, one sector under many surnames).
import { normaliseCompanyName } from '../../../src/domain/matching/company-name.js';
import { pick } from '../../../src/domain/matching/evaluate.js';
import type { Rng } from '../../../src/domain/matching/evaluate.js';
import type { CompanyRecord } from '../../../src/domain/matching/name-index.js';

const SURNAMES = [
  'Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Yıldırım', 'Öztürk', 'Aydın', 'Özdemir',
  'Arslan', 'Doğan', 'Kılıç', 'Aslan', 'Çetin', 'Kara', 'Koç', 'Kurt', 'Özkan', 'Şimşek',
  'Polat', 'Özcan', 'Korkmaz', 'Çakır', 'Erdoğan', 'Yavuz', 'Can', 'Acar', 'Şen', 'Aktaş',
  'Güler', 'Yalçın', 'Güneş', 'Bozkurt', 'Bulut', 'Keskin', 'Ünal', 'Turan', 'Gül', 'Özer',
  'Işık', 'Kaplan', 'Avcı', 'Sarı', 'Tekin', 'Taş', 'Köse', 'Yüksel', 'Ateş', 'Aksoy',
  'Karaca', 'Başaran', 'Erdem', 'Tuncer', 'Uçar', 'Akgül', 'Sönmez', 'Kocabaş', 'Altun', 'Gündoğdu',
];
const PLACES = ['Ege', 'Anadolu', 'Marmara', 'Akdeniz', 'Karadeniz', 'Trakya', 'Toros', 'Kapadokya', 'Uludağ', 'Boğaziçi'];
const SECTORS = [
  'Tekstil', 'Otomotiv Yedek Parça', 'Otomotiv', 'Gıda', 'Makina', 'Kimya', 'Plastik', 'Ambalaj',
  'Mobilya', 'Elektrik', 'Elektronik', 'Enerji', 'Lojistik', 'Metal', 'Döküm', 'Cam', 'Kağıt',
  'Deri', 'Hazır Giyim', 'Tarım Ürünleri', 'Madencilik', 'Boya', 'Medikal', 'Mermer', 'Seramik',
  'Un', 'Yağ', 'Ayakkabı', 'Halı', 'İplik', 'Örme', 'Kablo', 'Tavukçuluk', 'Çelik Boru', 'Hırdavat',
];
const GENERIC = ['San. ve Tic.', 'Sanayi ve Ticaret', 'İth. İhr.', 'Dış Tic.', 'Paz.', 'İnş. Taah.', 'San. Tic.', ''];
const LEGAL = ['A.Ş.', 'Ltd. Şti.', 'Ltd. Şti.'];

function twoSurnames(rng: Rng): string {
  const a = pick(rng, SURNAMES);
  return `${a} ${pick(rng, SURNAMES.filter((s) => s !== a))}`;
}

function oneName(rng: Rng): string {
  const r = rng();
  const head =
    r < 0.55 ? `${pick(rng, SURNAMES)} ${pick(rng, SECTORS)}`
    : r < 0.7 ? `${pick(rng, PLACES)} ${pick(rng, SECTORS)}`
    : r < 0.85 ? `${twoSurnames(rng)} ${pick(rng, SECTORS)}`
    : r < 0.93 ? `${pick(rng, SURNAMES)}oğlu ${pick(rng, SECTORS)}`
    : pick(rng, SURNAMES);
  return [head, pick(rng, GENERIC), pick(rng, LEGAL)].filter((p) => p.length > 0).join(' ');
}

/**
 * `size` companies plus `outsiders` more that are not among them. Names are unique by
 * distinctive words + legal form: two firms differing only in 'San. ve Tic.' would make the
 * right answer undefined.
 */
export function population(rng: Rng, size: number, outsiders: number): { companies: CompanyRecord[]; outsiders: CompanyRecord[] } {
  const seen = new Set<string>();
  const all: CompanyRecord[] = [];
  let guard = 0;
  while (all.length < size + outsiders && guard++ < (size + outsiders) * 50) {
    const name = oneName(rng);
    const n = normaliseCompanyName(name);
    const key = `${n.core}|${n.legal_form}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const i = all.length;
    all.push({ id: `c${i}`, name, country: 'TR', tax_number: String(1_000_000_000 + i * 7), trade_value_usd: Math.round(rng() * 1e7) });
  }
  return { companies: all.slice(0, size), outsiders: all.slice(size) };
}
