// Ports, airports, border gates and rail terminals used in Turkish trade.
//
// `code` is the identifier the API filters on. Where it is a real UN/LOCODE seen in a public port
// dataset, `unlocode_verified` is true. Places without a confirmed code of their own get a project
// code starting with "X" (X + country + three letters), so it can never be mistaken for an official
// one; `locode` then names the UN/LOCODE of the town where one is known. Airports follow the same
// rule because several share their city's locode with a seaport (Istanbul, İzmir, Antalya).
// Container-port coordinates are terminal positions from the SMDG terminal list (CC BY 4.0,
// SMDG Secretariat); other coordinates are approximate.

export type PortKind = 'sea' | 'air' | 'road' | 'rail';

export interface Port {
  code: string;
  unlocode_verified: boolean;
  /** UN/LOCODE of the place, when known; equals `code` for verified ports. */
  locode: string | null;
  name: string;
  country: string;
  kind: PortKind;
  city: string;
  lat: number;
  lon: number;
  iata?: string;
  /** For land gates: the neighbouring country (alpha-2). */
  neighbour?: string;
}

type Row = [code: string, name: string, city: string, lat: number, lon: number];

function seaports(country: string, rows: Row[], verified = true): Port[] {
  return rows.map(([code, name, city, lat, lon]) => ({
    code, unlocode_verified: verified, locode: verified ? code : null, name, country, kind: 'sea', city, lat, lon,
  }));
}

const TR_SEAPORTS: Port[] = [
  ...seaports('TR', [
    ['TRIST', 'Ambarlı (İstanbul)', 'İstanbul', 40.962, 28.674],
    ['TRMER', 'Mersin', 'Mersin', 36.802, 34.642],
    ['TRALI', 'Aliağa', 'İzmir', 38.758, 26.929],
    ['TRIZM', 'İzmir Alsancak', 'İzmir', 38.445, 27.153],
    ['TRTEK', 'Tekirdağ', 'Tekirdağ', 40.899, 27.47],
    ['TRIZT', 'İzmit', 'Kocaeli', 40.774, 29.711],
    ['TRYAR', 'Yarımca', 'Kocaeli', 40.762, 29.743],
    ['TRDRC', 'Derince', 'Kocaeli', 40.748, 29.841],
    ['TRGEB', 'Gebze', 'Kocaeli', 40.766, 29.536],
    ['TRLMA', 'Limaş (Kocaeli)', 'Kocaeli', 40.715, 29.884],
    ['TRGEM', 'Gemlik', 'Bursa', 40.418, 29.115],
    ['TRISK', 'İskenderun', 'Hatay', 36.595, 36.19],
    ['TRAYT', 'Antalya', 'Antalya', 36.838, 30.612],
    ['TRBDM', 'Bandırma', 'Balıkesir', 40.353, 27.963],
    ['TRSSX', 'Samsun', 'Samsun', 41.304, 36.337],
    ['TRTZX', 'Trabzon', 'Trabzon', 41.003, 39.741],
    ['TRKSP', 'Karasu', 'Sakarya', 41.119, 30.673],
    ['TRDIK', 'Dikili', 'İzmir', 39.0, 26.83],
    // A public seaport list gives 42.40 N for Hopa, which is in the Black Sea; the town is at 41.4 N.
    ['TRHOP', 'Hopa', 'Artvin', 41.4, 41.42],
  ]),
  // Ro-Ro piers for trucks to Trieste: no confirmed locode of their own.
  { code: 'XTRPDK', unlocode_verified: false, locode: 'TRIST', name: 'Pendik Ro-Ro', country: 'TR', kind: 'sea', city: 'İstanbul', lat: 40.87, lon: 29.25 },
  { code: 'XTRCES', unlocode_verified: false, locode: null, name: 'Çeşme Ro-Ro', country: 'TR', kind: 'sea', city: 'İzmir', lat: 38.33, lon: 26.3 },
];

const TR_AIRPORTS: Port[] = (
  [
    ['XTRIST', 'IST', 'TRIST', 'İstanbul Havalimanı', 'İstanbul', 41.26, 28.74],
    ['XTRSAW', 'SAW', 'TRIST', 'Sabiha Gökçen Havalimanı', 'İstanbul', 40.9, 29.31],
    ['XTRESB', 'ESB', 'TRANK', 'Ankara Esenboğa Havalimanı', 'Ankara', 40.13, 32.99],
    ['XTRADB', 'ADB', 'TRIZM', 'İzmir Adnan Menderes Havalimanı', 'İzmir', 38.29, 27.16],
    ['XTRAYT', 'AYT', 'TRAYT', 'Antalya Havalimanı', 'Antalya', 36.9, 30.8],
    ['XTRYEI', 'YEI', null, 'Bursa Yenişehir Havalimanı', 'Bursa', 40.26, 29.56],
  ] as const
).map(([code, iata, locode, name, city, lat, lon]) => ({
  code, unlocode_verified: false, locode, name, country: 'TR', kind: 'air' as const, city, lat, lon, iata,
}));

type Gate = [code: string, name: string, city: string, neighbour: string, lat: number, lon: number];

// Land border gates (gümrük kapıları); coordinates approximate.
const TR_ROAD_GATES: Port[] = (
  [
    ['XTRKPK', 'Kapıkule', 'Edirne', 'BG', 41.72, 26.36],
    ['XTRHMZ', 'Hamzabeyli', 'Edirne', 'BG', 41.97, 26.55],
    ['XTRAZZ', 'Aziziye (Dereköy)', 'Kırklareli', 'BG', 41.93, 27.36],
    ['XTRIPS', 'İpsala', 'Edirne', 'GR', 40.92, 26.35],
    ['XTRPZK', 'Pazarkule', 'Edirne', 'GR', 41.65, 26.52],
    ['XTRSRP', 'Sarp', 'Artvin', 'GE', 41.52, 41.55],
    ['XTRTGZ', 'Türkgözü', 'Ardahan', 'GE', 41.55, 42.76],
    ['XTRAKT', 'Aktaş', 'Ardahan', 'GE', 41.24, 43.16],
    ['XTRDLC', 'Dilucu', 'Iğdır', 'AZ', 39.65, 44.83],
    ['XTRGRB', 'Gürbulak', 'Ağrı', 'IR', 39.43, 44.35],
    ['XTRKPY', 'Kapıköy', 'Van', 'IR', 38.32, 44.35],
    ['XTRESD', 'Esendere', 'Hakkari', 'IR', 37.73, 44.6],
    ['XTRHBR', 'Habur', 'Şırnak', 'IQ', 37.13, 42.35],
    ['XTRCLV', 'Cilvegözü', 'Hatay', 'SY', 36.23, 36.7],
    ['XTRYLD', 'Yayladağı', 'Hatay', 'SY', 35.9, 36.06],
    ['XTRONC', 'Öncüpınar', 'Kilis', 'SY', 36.64, 37.09],
    ['XTRKRK', 'Karkamış', 'Gaziantep', 'SY', 36.83, 38.0],
    ['XTRAKC', 'Akçakale', 'Şanlıurfa', 'SY', 36.71, 38.95],
  ] as Gate[]
).map(([code, name, city, neighbour, lat, lon]) => ({
  code, unlocode_verified: false, locode: null, name, country: 'TR', kind: 'road' as const, city, lat, lon, neighbour,
}));

const TR_RAIL: Port[] = (
  [
    ['XTRHLK', 'Halkalı Demiryolu', 'İstanbul', null, 41.03, 28.77],
    ['XTRUZK', 'Uzunköprü Demiryolu', 'Edirne', 'GR', 41.27, 26.69],
    ['XTRKPD', 'Kapıkule Demiryolu', 'Edirne', 'BG', 41.72, 26.37],
    ['XTRCAK', 'Çıldır-Aktaş Demiryolu', 'Ardahan', 'GE', 41.23, 43.15],
    ['XTRKPR', 'Kapıköy Demiryolu', 'Van', 'IR', 38.32, 44.36],
  ] as [string, string, string, string | null, number, number][]
).map(([code, name, city, neighbour, lat, lon]) => ({
  code, unlocode_verified: false, locode: null, name, country: 'TR', kind: 'rail' as const, city, lat, lon,
  ...(neighbour ? { neighbour } : {}),
}));

// Main foreign seaports on Turkish lanes.
const FOREIGN_SEAPORTS: Port[] = [
  ...seaports('DE', [['DEHAM', 'Hamburg', 'Hamburg', 53.529, 9.915], ['DEBRV', 'Bremerhaven', 'Bremerhaven', 53.577, 8.55]]),
  ...seaports('NL', [['NLRTM', 'Rotterdam', 'Rotterdam', 51.954, 4.003]]),
  ...seaports('BE', [['BEANR', 'Antwerp', 'Antwerp', 51.324, 4.346]]),
  ...seaports('GB', [['GBFXT', 'Felixstowe', 'Felixstowe', 51.952, 1.314], ['GBLGP', 'London Gateway', 'London', 51.507, 0.483]]),
  ...seaports('FR', [['FRLEH', 'Le Havre', 'Le Havre', 49.458, 0.17], ['FRMRS', 'Marseille', 'Marseille', 43.348, 5.336]]),
  ...seaports('ES', [
    ['ESVLC', 'Valencia', 'Valencia', 39.452, -0.319],
    ['ESBCN', 'Barcelona', 'Barcelona', 41.31, 2.148],
    ['ESALG', 'Algeciras', 'Algeciras', 36.141, -5.436],
  ]),
  ...seaports('IT', [
    ['ITGOA', 'Genoa', 'Genoa', 44.406, 8.897],
    ['ITSPE', 'La Spezia', 'La Spezia', 44.108, 9.846],
    ['ITTRS', 'Trieste', 'Trieste', 45.629, 13.775],
    ['ITVCE', 'Venice', 'Venice', 45.456, 12.255],
    ['ITGIT', 'Gioia Tauro', 'Gioia Tauro', 38.46, 15.911],
  ]),
  ...seaports('SI', [['SIKOP', 'Koper', 'Koper', 45.554, 13.735]]),
  ...seaports('GR', [['GRPIR', 'Piraeus', 'Piraeus', 37.959, 23.586]]),
  ...seaports('RO', [['ROCND', 'Constanța', 'Constanța', 44.103, 28.66]]),
  ...seaports('PL', [['PLGDN', 'Gdańsk', 'Gdańsk', 54.384, 18.716]]),
  ...seaports('UA', [['UAODS', 'Odesa', 'Odesa', 46.504, 30.731]]),
  ...seaports('GE', [['GEPTI', 'Poti', 'Poti', 42.152, 41.653], ['GEBUS', 'Batumi', 'Batumi', 41.649, 41.657]]),
  ...seaports('RU', [['RUNVS', 'Novorossiysk', 'Novorossiysk', 44.722, 37.816]]),
  ...seaports('IL', [['ILHFA', 'Haifa', 'Haifa', 32.828, 35.028], ['ILASH', 'Ashdod', 'Ashdod', 31.834, 34.648]]),
  ...seaports('EG', [
    ['EGPSD', 'Port Said', 'Port Said', 31.244, 32.302],
    ['EGALY', 'Alexandria', 'Alexandria', 31.188, 29.874],
    ['EGDAM', 'Damietta', 'Damietta', 31.459, 31.773],
  ]),
  ...seaports('LY', [['LYMRA', 'Misrata', 'Misrata', 32.363, 15.218]]),
  ...seaports('DZ', [['DZALG', 'Algiers', 'Algiers', 36.759, 3.07]]),
  ...seaports('MA', [['MACAS', 'Casablanca', 'Casablanca', 33.61, -7.596]]),
  ...seaports('SA', [['SAJED', 'Jeddah', 'Jeddah', 21.455, 39.158]]),
  ...seaports('AE', [['AEJEA', 'Jebel Ali', 'Dubai', 24.992, 55.066]]),
  ...seaports('IQ', [['IQUQR', 'Umm Qasr', 'Basra', 30.063, 47.933]]),
  ...seaports('IN', [['INNSA', 'Nhava Sheva', 'Mumbai', 18.933, 72.933]]),
  ...seaports('SG', [['SGSIN', 'Singapore', 'Singapore', 1.263, 103.831]]),
  ...seaports('KR', [['KRPUS', 'Busan', 'Busan', 35.066, 128.8]]),
  ...seaports('CN', [
    ['CNYTN', 'Yantian', 'Shenzhen', 22.573, 114.269],
    ['CNSHA', 'Shanghai', 'Shanghai', 31.23, 121.47],
    ['CNNGB', 'Ningbo', 'Ningbo', 29.87, 121.52],
    ['CNTAO', 'Qingdao', 'Qingdao', 36.05, 120.33],
  ]),
  ...seaports('US', [
    ['USNYC', 'New York / New Jersey', 'New York', 40.66, -74.149],
    ['USSAV', 'Savannah', 'Savannah', 32.128, -81.14],
    ['USHOU', 'Houston', 'Houston', 29.68, -94.998],
  ]),
];

// Main foreign cargo airports on Turkish routes; coordinates approximate.
const FOREIGN_AIRPORTS: Port[] = (
  [
    ['DE', 'FRA', 'DEFRA', 'Frankfurt Airport', 'Frankfurt', 50.03, 8.56],
    ['DE', 'LEJ', 'DELEJ', 'Leipzig/Halle Airport', 'Leipzig', 51.42, 12.24],
    ['GB', 'LHR', 'GBLON', 'London Heathrow', 'London', 51.47, -0.45],
    ['FR', 'CDG', 'FRPAR', 'Paris Charles de Gaulle', 'Paris', 49.01, 2.55],
    ['NL', 'AMS', 'NLAMS', 'Amsterdam Schiphol', 'Amsterdam', 52.31, 4.76],
    ['BE', 'LGG', 'BELGG', 'Liège Airport', 'Liège', 50.64, 5.44],
    ['IT', 'MXP', 'ITMIL', 'Milan Malpensa', 'Milan', 45.63, 8.72],
    ['ES', 'MAD', 'ESMAD', 'Madrid Barajas', 'Madrid', 40.47, -3.56],
    ['US', 'JFK', 'USNYC', 'New York JFK', 'New York', 40.64, -73.78],
    ['US', 'ORD', 'USCHI', 'Chicago O’Hare', 'Chicago', 41.98, -87.9],
    ['AE', 'DXB', 'AEDXB', 'Dubai International', 'Dubai', 25.25, 55.36],
    ['QA', 'DOH', 'QADOH', 'Doha Hamad', 'Doha', 25.27, 51.61],
    ['CN', 'PVG', 'CNSHA', 'Shanghai Pudong', 'Shanghai', 31.14, 121.81],
    ['HK', 'HKG', 'HKHKG', 'Hong Kong International', 'Hong Kong', 22.31, 113.92],
    ['RU', 'SVO', 'RUMOW', 'Moscow Sheremetyevo', 'Moscow', 55.97, 37.41],
    ['IQ', 'EBL', null, 'Erbil International', 'Erbil', 36.24, 43.96],
    ['CH', 'ZRH', 'CHZRH', 'Zurich Airport', 'Zurich', 47.46, 8.55],
  ] as [string, string, string | null, string, string, number, number][]
).map(([country, iata, locode, name, city, lat, lon]) => ({
  code: `X${country}${iata}`, unlocode_verified: false, locode, name, country, kind: 'air' as const, city, lat, lon, iata,
}));

// Inland places at the foreign end of road, rail and pipeline trade (a TIR truck from Kapıkule
// ends in Munich, not at a seaport). Coded by the city's UN/LOCODE as commonly written; not
// checked against the UNECE list, hence unlocode_verified false. Coordinates: city centres.
const FOREIGN_INLAND: Port[] = (
  [
    ['BGSOF', 'Sofia', 42.70, 23.32], ['BGPDV', 'Plovdiv', 42.14, 24.75], ['GRSKG', 'Thessaloniki', 40.64, 22.94],
    ['GRATH', 'Athens', 37.98, 23.73], ['ROBUH', 'Bucharest', 44.43, 26.10], ['HUBUD', 'Budapest', 47.50, 19.04],
    ['ATVIE', 'Vienna', 48.21, 16.37], ['CZPRG', 'Prague', 50.08, 14.44], ['SKBTS', 'Bratislava', 48.15, 17.11],
    ['SILJU', 'Ljubljana', 46.06, 14.51], ['HRZAG', 'Zagreb', 45.81, 15.98], ['RSBEG', 'Belgrade', 44.79, 20.45],
    ['BASJJ', 'Sarajevo', 43.86, 18.41], ['MKSKP', 'Skopje', 41.99, 21.43], ['ALTIA', 'Tirana', 41.33, 19.82],
    ['XKPRN', 'Pristina', 42.66, 21.17], ['MDKIV', 'Chișinău', 47.01, 28.86], ['PLWAW', 'Warsaw', 52.23, 21.01],
    ['DEMUC', 'Munich', 48.14, 11.58], ['DEFRA', 'Frankfurt am Main', 50.11, 8.68], ['DEDUS', 'Düsseldorf', 51.23, 6.77],
    ['DESTR', 'Stuttgart', 48.78, 9.18], ['CHZRH', 'Zurich', 47.38, 8.54], ['CHBSL', 'Basel', 47.56, 7.59],
    ['NLAMS', 'Amsterdam', 52.37, 4.90], ['BEBRU', 'Brussels', 50.85, 4.35], ['FRPAR', 'Paris', 48.86, 2.35],
    ['FRLYS', 'Lyon', 45.76, 4.84], ['ITMIL', 'Milan', 45.46, 9.19], ['LULUX', 'Luxembourg', 49.61, 6.13],
    ['GBLON', 'London', 51.51, -0.13], ['UAIEV', 'Kyiv', 50.45, 30.52], ['GETBS', 'Tbilisi', 41.72, 44.79],
    ['AZBAK', 'Baku', 40.41, 49.87], ['RUMOW', 'Moscow', 55.76, 37.62], ['KZALA', 'Almaty', 43.24, 76.89],
    ['UZTAS', 'Tashkent', 41.30, 69.24], ['IRTHR', 'Tehran', 35.69, 51.39], ['IRTBZ', 'Tabriz', 38.08, 46.29],
    ['IQEBL', 'Erbil', 36.19, 44.01], ['IQBGW', 'Baghdad', 33.31, 44.36], ['SYALP', 'Aleppo', 36.20, 37.13],
  ] as [string, string, number, number][]
).map(([code, city, lat, lon]) => ({
  code, unlocode_verified: false, locode: code, name: city, country: code.slice(0, 2), kind: 'road' as const, city, lat, lon,
}));

export const TR_PORTS: readonly Port[] = [...TR_SEAPORTS, ...TR_AIRPORTS, ...TR_ROAD_GATES, ...TR_RAIL];
export const FOREIGN_PORTS: readonly Port[] = [...FOREIGN_SEAPORTS, ...FOREIGN_AIRPORTS, ...FOREIGN_INLAND];
export const PORTS: readonly Port[] = [...TR_PORTS, ...FOREIGN_PORTS];

export const PORT_BY_CODE: ReadonlyMap<string, Port> = new Map(PORTS.map((p) => [p.code, p]));

export function portsForCountry(alpha2: string, kind?: PortKind): Port[] {
  const cc = alpha2.toUpperCase();
  return PORTS.filter((p) => p.country === cc && (kind === undefined || p.kind === kind));
}

function normalise(raw: Record<string, number>): Readonly<Record<string, number>> {
  const total = Object.values(raw).reduce((a, b) => a + b, 0);
  return Object.freeze(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v / total])));
}

export type Flow = 'import' | 'export';

/**
 * Share of Turkish trade value by transport mode and, within each mode, by port or gate. These are
 * our calibration estimates: Ambarlı, Kocaeli, Aliağa, Mersin and Tekirdağ carry most container
 * trade; Kapıkule most truck exports to the EU and Habur to Iraq; İstanbul Airport most air cargo.
 * Pipeline, post and other modes have no port.
 */
export const TRANSPORT_MODE_WEIGHTS: Readonly<Record<Flow, Readonly<Record<string, number>>>> = {
  export: normalise({ sea: 62, road: 24, air: 12, rail: 1, post: 0.5, other: 0.5 }),
  import: normalise({ sea: 60, road: 13, air: 12, pipeline: 13, rail: 1.5, post: 0.3, other: 0.2 }),
};

const SEA_EXPORT = {
  TRIST: 30, TRMER: 14, TRALI: 10, TRGEM: 8, TRIZT: 8, TRYAR: 5, TRTEK: 5, TRGEB: 3, TRIZM: 3,
  TRISK: 3, TRDRC: 2, TRLMA: 2, XTRPDK: 3, XTRCES: 1, TRSSX: 1.5, TRTZX: 1, TRAYT: 1, TRBDM: 1,
  TRKSP: 0.5, TRHOP: 0.3, TRDIK: 0.2,
};
const SEA_IMPORT = {
  ...SEA_EXPORT, TRISK: 6, TRALI: 11, TRDRC: 3, TRBDM: 1.5, XTRPDK: 2, XTRCES: 0.7,
};
const ROAD_EXPORT = {
  XTRKPK: 45, XTRHBR: 20, XTRHMZ: 8, XTRIPS: 8, XTRSRP: 8, XTRGRB: 5, XTRCLV: 3, XTRDLC: 2,
  XTRKPY: 1, XTRESD: 1, XTRTGZ: 1, XTRAZZ: 1, XTRONC: 1, XTRPZK: 0.5, XTRKRK: 0.5, XTRAKC: 0.5,
  XTRYLD: 0.5, XTRAKT: 0.5,
};
const ROAD_IMPORT = { ...ROAD_EXPORT, XTRKPK: 50, XTRHBR: 8, XTRGRB: 8, XTRSRP: 9 };
const AIR = { XTRIST: 80, XTRSAW: 10, XTRESB: 4, XTRADB: 3, XTRAYT: 2, XTRYEI: 1 };
const RAIL = { XTRHLK: 40, XTRKPD: 20, XTRUZK: 15, XTRCAK: 15, XTRKPR: 10 };

export const TR_PORT_WEIGHTS: Readonly<Record<Flow, Readonly<Record<PortKind, Readonly<Record<string, number>>>>>> = {
  export: { sea: normalise(SEA_EXPORT), road: normalise(ROAD_EXPORT), air: normalise(AIR), rail: normalise(RAIL) },
  import: { sea: normalise(SEA_IMPORT), road: normalise(ROAD_IMPORT), air: normalise(AIR), rail: normalise(RAIL) },
};
