// The parties of the dataset: Turkish importers and exporters, foreign buyers and suppliers, and
// contact persons at the buyers. Each firm gets a heavy-tailed size weight (Pareto), so a few firms
// carry most of the trade, as in real customs data.
import { foldTurkish } from '../domain/codes/text.js';
import { vknCheckDigit } from '../domain/codes/vkn.js';
import {
  COINED_STEMS, FOREIGN_NAME_BY_COUNTRY, GENERIC_FOREIGN_LEGAL_FORMS, MIDDLE_WORDS, SECTOR_WORDS, TR_CITIES,
  TR_FIRST_NAMES_FEMALE, TR_FIRST_NAMES_MALE, TR_LEGAL_FORMS, TURKISH_SURNAMES,
} from '../reference/company-names.js';
import { COUNTRY_BY_ALPHA2, EXPORT_PARTNER_WEIGHTS, IMPORT_PARTNER_WEIGHTS } from '../reference/countries.js';
import { CHAPTER_WEIGHTS } from '../reference/catalogue.js';
import { Rng, Weighted, streamId } from './prng.js';

export type Flow = 'import' | 'export';

export interface SynthCompany {
  /** Position in generation order; the store id is assigned on insert. */
  index: number;
  name: string;
  aliases: string[];
  tax_number: string | null;
  country: string;
  city: string | null;
  address: string | null;
  roles: string[];
  sector: string;
  /** Pareto size weight: relative expected share of trade. */
  weight: number;
  size_band: 'large' | 'medium' | 'small' | 'micro';
  website: string | null;
  /** Chapters this firm trades (Turkish firms: from its sector). */
  chapters: readonly string[];
}

export interface SynthContact {
  company: number;
  full_name: string;
  title: string;
  department: string;
  email: string;
  languages: string;
}

export interface Parties {
  turkish: SynthCompany[];
  foreign: SynthCompany[];
  contacts: SynthContact[];
  /** Draws the Turkish firm for a flow and chapter (index into `turkish`). */
  pickTurkish(rng: Rng, flow: Flow, chapter: string): SynthCompany;
  /** Draws the foreign firm for a flow and partner country. */
  pickForeign(rng: Rng, flow: Flow, country: string): SynthCompany;
}

const S_TR = streamId('companies.tr');
const S_FOREIGN = streamId('companies.foreign');
const S_CONTACT = streamId('contacts');

// Pareto shape: about 1.1 gives the top 1 % of firms roughly half of the value, close to what
// Turkish exporter rankings show (the TİM top 1000 carry about 60 % of exports).
const PARETO_ALPHA = 1.1;

function pareto(rng: Rng): number {
  return (1 - rng.next()) ** (-1 / PARETO_ALPHA);
}

const CITY = new Weighted(TR_CITIES.map((c) => [c, c.export_weight] as const));
const LEGAL = new Weighted(TR_LEGAL_FORMS.map((f) => [f, f.weight] as const));
const SECTOR = new Weighted(
  SECTOR_WORDS.map((s) => {
    const w = s.chapters.reduce((a, c) => a + (CHAPTER_WEIGHTS.export[c] ?? 0) + (CHAPTER_WEIGHTS.import[c] ?? 0), 0);
    // Sectors whose chapters carry little trade still have some firms.
    return [s, w + 0.004] as const;
  }),
);

/** Number of Turkish and foreign firms for a dataset of n declarations. */
export function partyCounts(n: number): { turkish: number; foreign: number } {
  return {
    turkish: Math.max(150, Math.min(60_000, Math.round(n / 20))),
    foreign: Math.max(250, Math.min(80_000, Math.round(n / 12))),
  };
}

export function buildParties(seed: number, declarations: number): Parties {
  const counts = partyCounts(declarations);
  const usedNames = new Set<string>();
  const usedVkn = new Set<string>();
  const turkish: SynthCompany[] = [];
  for (let i = 0; i < counts.turkish; i++) turkish.push(turkishFirm(Rng.for(seed, S_TR, i), i, usedNames, usedVkn));
  bandBySize(turkish);

  const foreign: SynthCompany[] = [];
  const partnerWeights = new Map<string, number>();
  for (const [c, w] of Object.entries(EXPORT_PARTNER_WEIGHTS)) partnerWeights.set(c, (partnerWeights.get(c) ?? 0) + w);
  for (const [c, w] of Object.entries(IMPORT_PARTNER_WEIGHTS)) partnerWeights.set(c, (partnerWeights.get(c) ?? 0) + w);
  const countries = [...partnerWeights.keys()].sort();
  const totalW = [...partnerWeights.values()].reduce((a, b) => a + b, 0);
  for (const country of countries) {
    // More firms for bigger partners, but every partner has a handful.
    const n = Math.max(4, Math.round((counts.foreign * (partnerWeights.get(country) as number)) / totalW));
    for (let k = 0; k < n; k++) {
      const idx = foreign.length;
      foreign.push(foreignFirm(Rng.for(seed, S_FOREIGN, idx), idx, country, usedNames));
    }
  }
  bandBySize(foreign);

  const contacts: SynthContact[] = [];
  for (const f of foreign) {
    if (!f.roles.includes('buyer')) continue;
    const rng = Rng.for(seed, S_CONTACT, f.index);
    const n = 1 + rng.int(3);
    for (let k = 0; k < n; k++) contacts.push(contact(rng, f));
  }

  const trTables = new Map<string, Weighted<SynthCompany>>();
  const trAll: Record<Flow, Weighted<SynthCompany>> = {
    export: new Weighted(turkish.filter((c) => c.roles.includes('exporter')).map((c) => [c, c.weight] as const)),
    import: new Weighted(turkish.filter((c) => c.roles.includes('importer')).map((c) => [c, c.weight] as const)),
  };
  const foreignTables = new Map<string, Weighted<SynthCompany>>();
  return {
    turkish,
    foreign,
    contacts,
    pickTurkish(rng, flow, chapter) {
      const key = `${flow}|${chapter}`;
      let table = trTables.get(key);
      if (!table) {
        const role = flow === 'export' ? 'exporter' : 'importer';
        const fit = turkish.filter((c) => c.roles.includes(role) && c.chapters.includes(chapter));
        // Chapters no sector names are traded by general trading houses: anyone in the flow.
        table = fit.length ? new Weighted(fit.map((c) => [c, c.weight] as const)) : trAll[flow];
        trTables.set(key, table);
      }
      return table.draw(rng);
    },
    pickForeign(rng, flow, country) {
      const key = `${flow}|${country}`;
      let table = foreignTables.get(key);
      if (!table) {
        const role = flow === 'export' ? 'buyer' : 'supplier';
        let fit = foreign.filter((c) => c.country === country && c.roles.includes(role));
        if (!fit.length) fit = foreign.filter((c) => c.country === country);
        if (!fit.length) throw new Error(`no foreign firm for ${country}`);
        table = new Weighted(fit.map((c) => [c, c.weight] as const));
        foreignTables.set(key, table);
      }
      return table.draw(rng);
    },
  };
}

function bandBySize(firms: SynthCompany[]): void {
  // Bands by expected trade volume: top 2 % large, next 10 % medium, next 35 % small.
  const order = [...firms].sort((a, b) => b.weight - a.weight || a.index - b.index);
  order.forEach((f, rank) => {
    const q = rank / order.length;
    f.size_band = q < 0.02 ? 'large' : q < 0.12 ? 'medium' : q < 0.47 ? 'small' : 'micro';
  });
}

function unique(used: Set<string>, make: (attempt: number) => string): string {
  for (let attempt = 0; ; attempt++) {
    const name = make(attempt);
    const key = foldTurkish(name);
    if (!used.has(key)) {
      used.add(key);
      return name;
    }
  }
}

function turkishFirm(rng: Rng, index: number, usedNames: Set<string>, usedVkn: Set<string>): SynthCompany {
  const sector = SECTOR.draw(rng);
  const city = CITY.draw(rng);
  const legal = LEGAL.draw(rng);
  const middle = rng.pick(MIDDLE_WORDS);
  let stem = '';
  const name = unique(usedNames, (attempt) => {
    stem = rng.chance(0.65) ? rng.pick(TURKISH_SURNAMES) : rng.pick(COINED_STEMS);
    // Family firms often carry two surnames ("Kaya Demir"); add one when the short name is taken.
    if (attempt > 0) stem = `${stem} ${rng.pick(TURKISH_SURNAMES)}`;
    if (attempt > 4) stem = `${stem} ${city.name}`;
    return `${stem} ${sector.word} ${middle} ${legal.code}`;
  });
  let vkn: string;
  do {
    const body = String(1 + rng.int(9)) + rng.digits(8);
    vkn = body + String(vknCheckDigit(body));
  } while (usedVkn.has(vkn));
  usedVkn.add(vkn);
  const short = `${stem} ${sector.word}`;
  const r = rng.next();
  const roles = r < 0.45 ? ['exporter'] : r < 0.7 ? ['importer'] : ['exporter', 'importer'];
  const district = rng.pick(city.districts);
  return {
    index,
    name,
    aliases: [short, asciiUpper(name)],
    tax_number: vkn,
    country: 'TR',
    city: city.name,
    address: `${district}, ${rng.range(1, 40)}. Cadde No: ${rng.range(1, 250)}, ${city.name}`,
    roles,
    sector: sector.word,
    weight: pareto(rng),
    size_band: 'micro',
    website: null,
    chapters: sector.chapters,
  };
}

/** The way names appear in customs listings: upper case, Turkish letters folded to ASCII. */
function asciiUpper(name: string): string {
  return name
    .replace(/İ/g, 'I').replace(/ı/g, 'i')
    .replace(/[şŞ]/g, (c) => (c === 'ş' ? 's' : 'S')).replace(/[ğĞ]/g, (c) => (c === 'ğ' ? 'g' : 'G'))
    .replace(/[çÇ]/g, (c) => (c === 'ç' ? 'c' : 'C')).replace(/[öÖ]/g, (c) => (c === 'ö' ? 'o' : 'O'))
    .replace(/[üÜ]/g, (c) => (c === 'ü' ? 'u' : 'U'))
    .toUpperCase();
}

const GENERIC_STEMS = ['Atlas', 'Horizon', 'Crescent', 'Delta', 'Falcon', 'Cedar', 'Orient', 'Pearl', 'Meridian', 'Zenith', 'Oasis', 'Harbor'];
const GENERIC_SECTORS = ['Trading', 'Import Export', 'General Trading', 'Industries', 'Distribution', 'Commerce'];
const GENERIC_FIRST = ['Alex', 'Sam', 'Nadia', 'Omar', 'Lina', 'Daniel', 'Maria', 'Karim', 'Elena', 'Ravi'];
const GENERIC_LAST = ['Haddad', 'Novak', 'Mensah', 'Rahman', 'Santos', 'Ivanova', 'Khan', 'Perera', 'Okafor', 'Silva'];
const TITLES = ['Purchasing Manager', 'Head of Procurement', 'Import Manager', 'Sourcing Specialist', 'Managing Director', 'Supply Chain Manager', 'Category Buyer'];
const DEPARTMENTS = ['Purchasing', 'Procurement', 'Supply Chain', 'Management', 'Import'];

function foreignFirm(rng: Rng, index: number, country: string, usedNames: Set<string>): SynthCompany {
  const m = FOREIGN_NAME_BY_COUNTRY.get(country);
  const stems = m?.stems ?? GENERIC_STEMS;
  const sectors = m?.sector_words ?? GENERIC_SECTORS;
  const forms = m?.legal_forms ?? GENERIC_FOREIGN_LEGAL_FORMS;
  const legal = rng.pick(forms);
  const sector = rng.pick(sectors);
  let stem = '';
  const countryName = COUNTRY_BY_ALPHA2.get(country)?.name_en ?? country;
  const name = unique(usedNames, (attempt) => {
    stem = rng.pick(stems);
    if (attempt > 0) stem = `${stem} ${rng.pick(stems)}`;
    if (attempt > 2) stem = `${stem} ${attempt}`;
    return m ? `${stem} ${sector} ${legal}` : `${stem} ${sector} ${countryName.split(/[ ,(]/)[0]} ${legal}`;
  });
  const r = rng.next();
  const exports = (EXPORT_PARTNER_WEIGHTS[country] ?? 0) > 0;
  const imports = (IMPORT_PARTNER_WEIGHTS[country] ?? 0) > 0;
  const roles = exports && imports ? (r < 0.5 ? ['buyer'] : r < 0.8 ? ['supplier'] : ['buyer', 'supplier']) : exports ? ['buyer'] : ['supplier'];
  const slug = foldTurkish(stem).replace(/[^a-z0-9]+/g, '');
  return {
    index,
    name,
    aliases: [`${stem} ${sector}`],
    tax_number: null,
    country,
    city: m ? rng.pick(m.cities) : null,
    address: null,
    roles,
    sector,
    weight: pareto(rng),
    size_band: 'micro',
    // `.example` is reserved (RFC 2606): these sites and mailboxes cannot exist.
    website: `https://www.${slug}-${country.toLowerCase()}.example`,
    chapters: [],
  };
}

function contact(rng: Rng, firm: SynthCompany): SynthContact {
  const m = FOREIGN_NAME_BY_COUNTRY.get(firm.country);
  const first = rng.pick(m?.first_names ?? GENERIC_FIRST);
  const last = rng.pick(m?.last_names ?? GENERIC_LAST);
  const slug = foldTurkish(firm.aliases[0] ?? firm.name).split(' ')[0] ?? 'firm';
  const local = `${foldTurkish(first)}.${foldTurkish(last)}`.replace(/[^a-z.]+/g, '');
  return {
    company: firm.index,
    full_name: `${first} ${last}`,
    title: rng.pick(TITLES),
    department: rng.pick(DEPARTMENTS),
    email: `${local}@${slug}-${firm.country.toLowerCase()}.example`,
    languages: firm.country === 'US' || firm.country === 'GB' ? 'en' : 'en,local',
  };
}

/** Turkish personal names, for declarants (customs brokers). */
export function brokerName(rng: Rng): string {
  return `${rng.pick(TURKISH_SURNAMES)} Gümrük Müşavirliği Ltd. Şti.`;
}

export const TR_FIRST_NAMES = [...TR_FIRST_NAMES_MALE, ...TR_FIRST_NAMES_FEMALE];
