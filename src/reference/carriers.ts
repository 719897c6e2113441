// Carriers that appear on Turkish trade lanes. Ocean carriers carry their SCAC, air carriers the
// three-digit IATA prefix of their air waybills; road and rail operators have no shared public
// code, so they get a project code starting with "X".

export type CarrierMode = 'sea' | 'air' | 'road' | 'rail';

export interface Carrier {
  code: string;
  code_kind: 'scac' | 'iata_awb_prefix' | 'project';
  name: string;
  mode: CarrierMode;
  /** Home country, alpha-2. */
  country: string;
  /** Relative share within its mode, for the synthetic generator. */
  weight: number;
}

type Row = [code: string, name: string, country: string, weight: number];

function rows(mode: CarrierMode, codeKind: Carrier['code_kind'], list: Row[]): Carrier[] {
  return list.map(([code, name, country, weight]) => ({ code, code_kind: codeKind, name, mode, country, weight }));
}

export const CARRIERS: readonly Carrier[] = [
  ...rows('sea', 'scac', [
    ['MSCU', 'MSC Mediterranean Shipping Company', 'CH', 22],
    ['MAEU', 'Maersk', 'DK', 14],
    ['CMDU', 'CMA CGM', 'FR', 13],
    ['HLCU', 'Hapag-Lloyd', 'DE', 8],
    ['COSU', 'COSCO Shipping Lines', 'CN', 8],
    ['ARKU', 'Arkas Line', 'TR', 9],
    ['EGLV', 'Evergreen Line', 'TW', 5],
    ['ONEY', 'Ocean Network Express', 'SG', 4],
    ['ZIMU', 'ZIM Integrated Shipping', 'IL', 3],
    ['YMLU', 'Yang Ming', 'TW', 3],
    ['HDMU', 'HMM', 'KR', 3],
    ['OOLU', 'OOCL', 'HK', 3],
    ['PCIU', 'Pacific International Lines', 'SG', 2],
    ['WHLC', 'Wan Hai Lines', 'TW', 1],
  ]),
  ...rows('air', 'iata_awb_prefix', [
    ['235', 'Turkish Cargo', 'TR', 45],
    ['624', 'Pegasus Cargo', 'TR', 6],
    ['020', 'Lufthansa Cargo', 'DE', 8],
    ['176', 'Emirates SkyCargo', 'AE', 9],
    ['157', 'Qatar Airways Cargo', 'QA', 9],
    ['172', 'Cargolux', 'LU', 5],
    ['057', 'Air France Cargo', 'FR', 4],
    ['074', 'KLM Cargo', 'NL', 4],
    ['607', 'Etihad Cargo', 'AE', 4],
    ['065', 'Saudia Cargo', 'SA', 3],
    ['112', 'China Cargo Airlines', 'CN', 3],
  ]),
  ...rows('road', 'project', [
    ['XREKOL', 'Ekol Lojistik', 'TR', 20],
    ['XRMARS', 'Mars Logistics', 'TR', 15],
    ['XRNETL', 'Netlog Lojistik', 'TR', 12],
    ['XRHORZ', 'Horoz Lojistik', 'TR', 12],
    ['XRBORL', 'Borusan Lojistik', 'TR', 10],
    ['XRREYS', 'Reysaş Lojistik', 'TR', 8],
    ['XROMSN', 'Omsan Lojistik', 'TR', 8],
    ['XRDSVT', 'DSV Road', 'DK', 8],
    ['XRDBSC', 'DB Schenker', 'DE', 7],
  ]),
  ...rows('rail', 'project', [
    ['XLTCDD', 'TCDD Taşımacılık', 'TR', 60],
    ['XLPASI', 'Pasifik Eurasia', 'TR', 25],
    ['XLRCAR', 'Rail Cargo Group', 'AT', 15],
  ]),
];

export const CARRIER_BY_CODE: ReadonlyMap<string, Carrier> = new Map(CARRIERS.map((c) => [c.code, c]));

export function carriersForMode(mode: CarrierMode): Carrier[] {
  return CARRIERS.filter((c) => c.mode === mode);
}
