// Customs offices (gümrük müdürlükleri) that handle most Turkish foreign trade. The offices are
// real; the 6-digit codes are our own (province plate number + sequence), not the administration's
// codes. Regional directorate names other than Trakya and Fırat are unconfirmed.

export interface CustomsOffice {
  code: string;
  name: string;
  city: string;
  /** "X Gümrük ve Dış Ticaret Bölge Müdürlüğü", given as X. */
  regional_directorate: string;
  /** Codes from ports.ts served by this office; empty for inland offices. */
  ports: readonly string[];
  inland: boolean;
}

type Row = [code: string, name: string, city: string, region: string, ports: string[]];

const ROWS: Row[] = [
  ['340101', 'Ambarlı Gümrük Müdürlüğü', 'İstanbul', 'İstanbul', ['TRIST']],
  ['340102', 'Erenköy Gümrük Müdürlüğü', 'İstanbul', 'İstanbul', []],
  ['340103', 'Muratbey Gümrük Müdürlüğü', 'İstanbul', 'İstanbul', []],
  ['340104', 'Halkalı Gümrük Müdürlüğü', 'İstanbul', 'İstanbul', ['XTRHLK']],
  ['340105', 'İstanbul Havalimanı Gümrük Müdürlüğü', 'İstanbul', 'İstanbul', ['XTRIST']],
  ['340106', 'Sabiha Gökçen Gümrük Müdürlüğü', 'İstanbul', 'İstanbul', ['XTRSAW']],
  ['340107', 'Pendik Gümrük Müdürlüğü', 'İstanbul', 'İstanbul', ['XTRPDK']],
  ['410101', 'İzmit Gümrük Müdürlüğü', 'Kocaeli', 'Doğu Marmara', ['TRIZT', 'TRYAR', 'TRDRC', 'TRLMA']],
  ['410102', 'Gebze Gümrük Müdürlüğü', 'Kocaeli', 'Doğu Marmara', ['TRGEB']],
  ['540101', 'Karasu Gümrük Müdürlüğü', 'Sakarya', 'Doğu Marmara', ['TRKSP']],
  ['590101', 'Tekirdağ Gümrük Müdürlüğü', 'Tekirdağ', 'Trakya', ['TRTEK']],
  ['220101', 'Kapıkule Gümrük Müdürlüğü', 'Edirne', 'Trakya', ['XTRKPK', 'XTRKPD']],
  ['220102', 'Hamzabeyli Gümrük Müdürlüğü', 'Edirne', 'Trakya', ['XTRHMZ']],
  ['220103', 'İpsala Gümrük Müdürlüğü', 'Edirne', 'Trakya', ['XTRIPS']],
  ['220104', 'Pazarkule Gümrük Müdürlüğü', 'Edirne', 'Trakya', ['XTRPZK']],
  ['220105', 'Uzunköprü Gümrük Müdürlüğü', 'Edirne', 'Trakya', ['XTRUZK']],
  ['390101', 'Dereköy Gümrük Müdürlüğü', 'Kırklareli', 'Trakya', ['XTRAZZ']],
  ['160101', 'Bursa Gümrük Müdürlüğü', 'Bursa', 'Uludağ', ['XTRYEI']],
  ['160102', 'Gemlik Gümrük Müdürlüğü', 'Bursa', 'Uludağ', ['TRGEM']],
  ['100101', 'Bandırma Gümrük Müdürlüğü', 'Balıkesir', 'Uludağ', ['TRBDM']],
  ['350101', 'İzmir Gümrük Müdürlüğü', 'İzmir', 'Ege', ['TRIZM']],
  ['350102', 'Aliağa Gümrük Müdürlüğü', 'İzmir', 'Ege', ['TRALI', 'TRDIK']],
  ['350103', 'Adnan Menderes Havalimanı Gümrük Müdürlüğü', 'İzmir', 'Ege', ['XTRADB']],
  ['350104', 'Çeşme Gümrük Müdürlüğü', 'İzmir', 'Ege', ['XTRCES']],
  ['200101', 'Denizli Gümrük Müdürlüğü', 'Denizli', 'Ege', []],
  ['450101', 'Manisa Gümrük Müdürlüğü', 'Manisa', 'Ege', []],
  ['060101', 'Ankara Gümrük Müdürlüğü', 'Ankara', 'Orta Anadolu', []],
  ['060102', 'Esenboğa Gümrük Müdürlüğü', 'Ankara', 'Orta Anadolu', ['XTRESB']],
  ['380101', 'Kayseri Gümrük Müdürlüğü', 'Kayseri', 'Orta Anadolu', []],
  ['420101', 'Konya Gümrük Müdürlüğü', 'Konya', 'Orta Anadolu', []],
  ['070101', 'Antalya Gümrük Müdürlüğü', 'Antalya', 'Batı Akdeniz', ['TRAYT', 'XTRAYT']],
  ['330101', 'Mersin Gümrük Müdürlüğü', 'Mersin', 'Orta Akdeniz', ['TRMER']],
  ['010101', 'Adana Gümrük Müdürlüğü', 'Adana', 'Orta Akdeniz', []],
  ['310101', 'İskenderun Gümrük Müdürlüğü', 'Hatay', 'Doğu Akdeniz', ['TRISK']],
  ['310102', 'Cilvegözü Gümrük Müdürlüğü', 'Hatay', 'Doğu Akdeniz', ['XTRCLV']],
  ['310103', 'Yayladağı Gümrük Müdürlüğü', 'Hatay', 'Doğu Akdeniz', ['XTRYLD']],
  ['270101', 'Gaziantep Gümrük Müdürlüğü', 'Gaziantep', 'Güneydoğu Anadolu', []],
  ['270102', 'Karkamış Gümrük Müdürlüğü', 'Gaziantep', 'Güneydoğu Anadolu', ['XTRKRK']],
  ['790101', 'Öncüpınar Gümrük Müdürlüğü', 'Kilis', 'Güneydoğu Anadolu', ['XTRONC']],
  ['630101', 'Akçakale Gümrük Müdürlüğü', 'Şanlıurfa', 'Güneydoğu Anadolu', ['XTRAKC']],
  ['730101', 'Habur Gümrük Müdürlüğü', 'Şırnak', 'Dicle', ['XTRHBR']],
  ['650101', 'Kapıköy Gümrük Müdürlüğü', 'Van', 'Van', ['XTRKPY', 'XTRKPR']],
  ['300101', 'Esendere Gümrük Müdürlüğü', 'Hakkari', 'Van', ['XTRESD']],
  ['040101', 'Gürbulak Gümrük Müdürlüğü', 'Ağrı', 'Kuzeydoğu Anadolu', ['XTRGRB']],
  ['760101', 'Dilucu Gümrük Müdürlüğü', 'Iğdır', 'Kuzeydoğu Anadolu', ['XTRDLC']],
  ['750101', 'Türkgözü Gümrük Müdürlüğü', 'Ardahan', 'Kuzeydoğu Anadolu', ['XTRTGZ', 'XTRAKT', 'XTRCAK']],
  ['080101', 'Sarp Gümrük Müdürlüğü', 'Artvin', 'Doğu Karadeniz', ['XTRSRP', 'TRHOP']],
  ['610101', 'Trabzon Gümrük Müdürlüğü', 'Trabzon', 'Doğu Karadeniz', ['TRTZX']],
  ['550101', 'Samsun Gümrük Müdürlüğü', 'Samsun', 'Orta Karadeniz', ['TRSSX']],
  ['440101', 'Malatya Gümrük Müdürlüğü', 'Malatya', 'Fırat', []],
];

export const CUSTOMS_OFFICES: readonly CustomsOffice[] = ROWS.map(([code, name, city, region, ports]) => ({
  code,
  name,
  city,
  regional_directorate: region,
  ports,
  inland: ports.length === 0,
}));

export const CUSTOMS_OFFICE_BY_CODE: ReadonlyMap<string, CustomsOffice> = new Map(
  CUSTOMS_OFFICES.map((o) => [o.code, o]),
);

const OFFICE_BY_PORT = new Map<string, CustomsOffice>();
for (const office of CUSTOMS_OFFICES) for (const p of office.ports) OFFICE_BY_PORT.set(p, office);

/** The office that clears goods through a port or gate (each port has exactly one). */
export function customsOfficeForPort(portCode: string): CustomsOffice | undefined {
  return OFFICE_BY_PORT.get(portCode);
}
