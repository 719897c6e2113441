// Where goods cross: transport mode, Turkish port or gate, foreign port and customs office, chosen
// so that they agree with each other and with the partner country and the goods.
import { COUNTRY_BY_ALPHA2 } from '../reference/countries.js';
import type { Region } from '../reference/countries.js';
import { FOREIGN_PORTS, TR_PORT_WEIGHTS } from '../reference/ports.js';
import { CUSTOMS_OFFICES, customsOfficeForPort } from '../reference/customs-offices.js';
import type { Product } from '../reference/catalogue.js';
import type { Rng} from './prng.js';
import { Weighted } from './prng.js';

export type Flow = 'import' | 'export';
export type Mode = 'sea' | 'air' | 'road' | 'rail' | 'pipeline';

export interface Route {
  mode: Mode;
  /** Turkish port, airport or gate (code from ports.ts). */
  port: string;
  /** Foreign port, airport or inland place at the other end. */
  foreign: string;
  customsOffice: string;
}

interface Land {
  /** Share of this partner's trade that goes by truck when the goods allow it. */
  road: number;
  gates: Weighted<string>;
  /** UN/LOCODEs of inland places where trucks and trains start or end. */
  places: readonly string[];
  rail?: string;
}

const gates = (g: Record<string, number>) => Weighted.fromRecord(g);
const VIA_KAPIKULE = gates({ XTRKPK: 75, XTRHMZ: 15, XTRIPS: 10 });
const VIA_GEORGIA = gates({ XTRSRP: 85, XTRTGZ: 15 });
const VIA_IRAN = gates({ XTRGRB: 60, XTRKPY: 25, XTRESD: 15 });

// Our estimates of how much of each neighbour's or near partner's trade travels overland.
const LAND: Record<string, Land> = {
  BG: { road: 0.7, gates: gates({ XTRKPK: 70, XTRHMZ: 20, XTRAZZ: 10 }), places: ['BGSOF', 'BGPDV'], rail: 'XTRKPD' },
  GR: { road: 0.5, gates: gates({ XTRIPS: 80, XTRPZK: 20 }), places: ['GRSKG', 'GRATH'], rail: 'XTRUZK' },
  RO: { road: 0.5, gates: VIA_KAPIKULE, places: ['ROBUH'], rail: 'XTRKPD' },
  HU: { road: 0.55, gates: VIA_KAPIKULE, places: ['HUBUD'], rail: 'XTRKPD' },
  AT: { road: 0.45, gates: VIA_KAPIKULE, places: ['ATVIE'], rail: 'XTRKPD' },
  CZ: { road: 0.45, gates: VIA_KAPIKULE, places: ['CZPRG'], rail: 'XTRKPD' },
  SK: { road: 0.5, gates: VIA_KAPIKULE, places: ['SKBTS'] },
  SI: { road: 0.4, gates: VIA_KAPIKULE, places: ['SILJU'] },
  HR: { road: 0.45, gates: VIA_KAPIKULE, places: ['HRZAG'] },
  RS: { road: 0.6, gates: VIA_KAPIKULE, places: ['RSBEG'] },
  BA: { road: 0.55, gates: VIA_KAPIKULE, places: ['BASJJ'] },
  MK: { road: 0.6, gates: VIA_KAPIKULE, places: ['MKSKP'] },
  AL: { road: 0.4, gates: VIA_KAPIKULE, places: ['ALTIA'] },
  XK: { road: 0.6, gates: VIA_KAPIKULE, places: ['XKPRN'] },
  MD: { road: 0.4, gates: VIA_KAPIKULE, places: ['MDKIV'] },
  PL: { road: 0.35, gates: VIA_KAPIKULE, places: ['PLWAW'], rail: 'XTRKPD' },
  DE: { road: 0.3, gates: VIA_KAPIKULE, places: ['DEMUC', 'DEFRA', 'DEDUS', 'DESTR'], rail: 'XTRKPD' },
  CH: { road: 0.3, gates: VIA_KAPIKULE, places: ['CHZRH', 'CHBSL'] },
  NL: { road: 0.15, gates: VIA_KAPIKULE, places: ['NLAMS'] },
  BE: { road: 0.15, gates: VIA_KAPIKULE, places: ['BEBRU'] },
  FR: { road: 0.15, gates: VIA_KAPIKULE, places: ['FRPAR', 'FRLYS'] },
  IT: { road: 0.12, gates: VIA_KAPIKULE, places: ['ITMIL'] },
  LU: { road: 0.2, gates: VIA_KAPIKULE, places: ['LULUX'] },
  GB: { road: 0.08, gates: VIA_KAPIKULE, places: ['GBLON'] },
  UA: { road: 0.1, gates: VIA_KAPIKULE, places: ['UAIEV'] },
  GE: { road: 0.6, gates: VIA_GEORGIA, places: ['GETBS'], rail: 'XTRCAK' },
  AZ: { road: 0.5, gates: gates({ XTRSRP: 50, XTRDLC: 30, XTRTGZ: 20 }), places: ['AZBAK'], rail: 'XTRCAK' },
  RU: { road: 0.12, gates: VIA_GEORGIA, places: ['RUMOW'] },
  KZ: { road: 0.5, gates: gates({ XTRSRP: 60, XTRGRB: 40 }), places: ['KZALA'], rail: 'XTRCAK' },
  UZ: { road: 0.5, gates: gates({ XTRSRP: 50, XTRGRB: 50 }), places: ['UZTAS'] },
  IR: { road: 0.6, gates: VIA_IRAN, places: ['IRTHR', 'IRTBZ'], rail: 'XTRKPR' },
  IQ: { road: 0.8, gates: gates({ XTRHBR: 100 }), places: ['IQEBL', 'IQBGW'] },
  SY: { road: 0.8, gates: gates({ XTRCLV: 50, XTRONC: 20, XTRKRK: 15, XTRAKC: 10, XTRYLD: 5 }), places: ['SYALP'] },
};

// Where the partner's own list of ports is empty, cargo goes through a regional hub.
const SEA_HUB: Record<Region, readonly string[]> = {
  Europe: ['NLRTM', 'DEHAM', 'BEANR', 'ITTRS', 'SIKOP'],
  'Caucasus and Central Asia': ['GEPTI', 'GEBUS'],
  'Middle East': ['AEJEA', 'SAJED'],
  'North Africa': ['EGALY', 'EGPSD'],
  'Sub-Saharan Africa': ['EGPSD', 'MACAS'],
  'South Asia': ['INNSA'],
  'East Asia': ['KRPUS', 'CNSHA'],
  'Southeast Asia': ['SGSIN'],
  Oceania: ['SGSIN'],
  'North America': ['USNYC', 'USSAV'],
  'Latin America and Caribbean': ['USHOU', 'USSAV'],
  Antarctica: ['SGSIN'],
};
const AIR_HUB: Record<Region, string> = {
  Europe: 'XDEFRA',
  'Caucasus and Central Asia': 'XAEDXB',
  'Middle East': 'XAEDXB',
  'North Africa': 'XAEDXB',
  'Sub-Saharan Africa': 'XAEDXB',
  'South Asia': 'XQADOH',
  'East Asia': 'XHKHKG',
  'Southeast Asia': 'XQADOH',
  Oceania: 'XQADOH',
  'North America': 'XUSJFK',
  'Latin America and Caribbean': 'XUSJFK',
  Antarctica: 'XAEDXB',
};
// Landlocked or portless European partners reach the sea through the nearest big port.
const SEA_OVERRIDE: Record<string, readonly string[]> = {
  CH: ['ITGOA'], AT: ['SIKOP', 'ITTRS'], CZ: ['DEHAM'], HU: ['SIKOP'], SK: ['SIKOP'], BG: ['ROCND'],
  LU: ['BEANR'], SE: ['DEHAM'], DK: ['DEHAM'], FI: ['DEHAM'], NO: ['DEHAM'], IE: ['GBFXT'], PT: ['ESALG'],
  RS: ['ROCND'], BA: ['SIKOP'], MK: ['GRPIR'], AL: ['GRPIR'], XK: ['GRPIR'], MD: ['ROCND'], BY: ['PLGDN'],
  LT: ['PLGDN'], LV: ['PLGDN'], EE: ['PLGDN'], HR: ['SIKOP'], CY: ['GRPIR'], MT: ['ITGIT'], JO: ['SAJED'],
  LB: ['EGPSD'], KW: ['AEJEA'], QA: ['AEJEA'], OM: ['AEJEA'], BH: ['AEJEA'], IR: ['AEJEA'],
  AZ: ['GEPTI'], KZ: ['GEPTI'], UZ: ['GEPTI'], TM: ['GEPTI'], KG: ['GEPTI'], TJ: ['GEPTI'], AM: ['GEPTI'],
  TW: ['KRPUS'], JP: ['KRPUS'], HK: ['CNYTN'], CA: ['USNYC'],
};

// Pipeline landfalls and entry points (our choice of the nearest listed place): Blue Stream lands
// near Samsun, TANAP enters from Georgia at Ardahan, Kirkuk–Ceyhan crosses at Habur, the Tabriz
// line near Gürbulak.
const PIPELINE: Record<string, string> = { RU: 'TRSSX', AZ: 'XTRTGZ', IQ: 'XTRHBR', IR: 'XTRGRB' };
const PIPELINE_HEADINGS = ['2709', '2711'];

const seaBy = new Map<string, string[]>();
const airBy = new Map<string, string[]>();
for (const p of FOREIGN_PORTS) {
  const map = p.kind === 'sea' ? seaBy : airBy;
  const list = map.get(p.country) ?? [];
  list.push(p.code);
  map.set(p.country, list);
}

const RO_RO = new Set(['XTRPDK', 'XTRCES']);
// Ro-Ro trailers via Trieste serve western and central Europe, not the Black Sea or Balkan neighbours.
const NEAR_EAST_EUROPE = new Set(['BG', 'GR', 'RO', 'RU', 'UA', 'MD', 'BY', 'CY']);
const SEA_PORTS: Record<Flow, { all: Weighted<string>; container: Weighted<string> }> = {
  export: seaTables('export'),
  import: seaTables('import'),
};
function seaTables(flow: Flow) {
  const entries = Object.entries(TR_PORT_WEIGHTS[flow].sea);
  return { all: new Weighted(entries), container: new Weighted(entries.filter(([c]) => !RO_RO.has(c))) };
}
const AIRPORTS: Record<Flow, Weighted<string>> = {
  export: Weighted.fromRecord(TR_PORT_WEIGHTS.export.air),
  import: Weighted.fromRecord(TR_PORT_WEIGHTS.import.air),
};

const INLAND_OFFICE_BY_CITY = new Map<string, string[]>();
for (const o of CUSTOMS_OFFICES) {
  if (!o.inland) continue;
  const list = INLAND_OFFICE_BY_CITY.get(o.city) ?? [];
  list.push(o.code);
  INLAND_OFFICE_BY_CITY.set(o.city, list);
}

function regionOf(country: string): Region {
  return COUNTRY_BY_ALPHA2.get(country)?.region ?? 'Europe';
}

export function isAirCargo(product: Product): boolean {
  const chapter = product.gtip.slice(0, 2);
  return chapter === '71' || chapter === '30' || product.usd_per_kg >= 150;
}

function isBulkForLand(product: Product): boolean {
  // Ores, cereals, crude and scrap move by ship or pipe, not by truck.
  return ['26', '10', '12'].includes(product.gtip.slice(0, 2)) || product.gtip.startsWith('2709') || product.gtip.startsWith('7204');
}

export function chooseRoute(rng: Rng, flow: Flow, partner: string, product: Product, companyCity: string): Route {
  const mode = chooseMode(rng, flow, partner, product);
  const region = regionOf(partner);
  const land = LAND[partner];
  let port: string;
  let foreign: string;
  switch (mode) {
    case 'pipeline':
      port = PIPELINE[partner] as string;
      foreign = port;
      break;
    case 'air':
      port = AIRPORTS[flow].draw(rng);
      foreign = pickOr(rng, airBy.get(partner), AIR_HUB[region]);
      break;
    case 'road':
      port = (land as Land).gates.draw(rng);
      foreign = rng.pick((land as Land).places);
      break;
    case 'rail':
      port = rng.chance(0.5) && partner !== 'GE' && partner !== 'AZ' && partner !== 'IR' && partner !== 'KZ' ? 'XTRHLK' : ((land as Land).rail as string);
      foreign = rng.pick((land as Land).places);
      break;
    default: {
      const tables = SEA_PORTS[flow];
      port = tables.all.draw(rng);
      if (RO_RO.has(port) && region === 'Europe' && !NEAR_EAST_EUROPE.has(partner)) {
        foreign = 'ITTRS'; // Ro-Ro trailers to Trieste, then by road
      } else {
        if (RO_RO.has(port)) port = tables.container.draw(rng);
        foreign = rng.pick(SEA_OVERRIDE[partner] ?? seaBy.get(partner) ?? SEA_HUB[region]);
      }
    }
  }
  const portOffice = customsOfficeForPort(port)?.code ?? '340101';
  // Much export (and some import) clearance happens at inland offices near the factory; the goods
  // then leave through the port under transit.
  const inland = INLAND_OFFICE_BY_CITY.get(companyCity);
  const customsOffice = inland && mode !== 'pipeline' && rng.chance(flow === 'export' ? 0.35 : 0.2) ? rng.pick(inland) : portOffice;
  return { mode, port, foreign, customsOffice };
}

function pickOr(rng: Rng, list: readonly string[] | undefined, fallback: string): string {
  return list && list.length > 0 ? rng.pick(list) : fallback;
}

function chooseMode(rng: Rng, flow: Flow, partner: string, product: Product): Mode {
  if (flow === 'import' && PIPELINE[partner] && PIPELINE_HEADINGS.includes(product.gtip.slice(0, 4)) && rng.chance(0.8)) {
    return 'pipeline';
  }
  if (isAirCargo(product)) return rng.chance(0.9) ? 'air' : LAND[partner] ? 'road' : 'sea';
  const land = LAND[partner];
  if (land && !isBulkForLand(product)) {
    if (land.rail && rng.chance(0.04)) return 'rail';
    if (rng.chance(land.road)) return 'road';
  }
  // Samples, spare parts and urgent goods fly even when cheap per kg.
  if (product.usd_per_kg >= 20 && rng.chance(flow === 'export' ? 0.3 : 0.15)) return 'air';
  if (flow === 'export' && product.usd_per_kg >= 6 && rng.chance(0.06)) return 'air';
  return 'sea';
}
