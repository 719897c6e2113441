// Material for generating company names and contact persons in the synthetic dataset. Turkish
// trade names follow the pattern "{surname or brand} {sector} {middle words} {legal form}", e.g.
// "Yılmaz Tekstil San. ve Tic. Ltd. Şti.".

export const TURKISH_SURNAMES: readonly string[] = [
  'Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Yıldırım', 'Öztürk', 'Aydın', 'Özdemir',
  'Arslan', 'Doğan', 'Kılıç', 'Aslan', 'Çetin', 'Kara', 'Koç', 'Kurt', 'Özkan', 'Şimşek',
  'Polat', 'Özcan', 'Korkmaz', 'Çakır', 'Erdoğan', 'Yavuz', 'Can', 'Acar', 'Şen', 'Aktaş',
  'Güler', 'Yalçın', 'Güneş', 'Bozkurt', 'Bulut', 'Keskin', 'Ünal', 'Turan', 'Gül', 'Özer',
  'Işık', 'Kaplan', 'Avcı', 'Sarı', 'Tekin', 'Taş', 'Köse', 'Yüksel', 'Ateş', 'Aksoy',
  'Karaca', 'Erdem', 'Altun', 'Tunç', 'Akın', 'Uçar', 'Başaran', 'Karakaya', 'Sönmez', 'Uysal',
  'Türkmen', 'Güven', 'Kalkan', 'Toprak', 'Demirci', 'Coşkun', 'Ekinci', 'Kocabaş', 'Karataş', 'Akbulut',
  'Eren', 'Tuncer', 'Erol', 'Oral', 'Duman', 'Balcı', 'Dinçer', 'Akgül', 'Tosun', 'Önal',
];

// Invented brand stems in the style of Turkish trade names; none is meant to match a real firm.
export const COINED_STEMS: readonly string[] = [
  'Anadolu', 'Ege', 'Marmara', 'Toros', 'Karadeniz', 'Akdeniz', 'Trakya', 'Kapadokya', 'Uludağ', 'Erciyes',
  'Doruk', 'Zirve', 'Ufuk', 'Yakamoz', 'Poyraz', 'Lodos', 'Meltem', 'Rüzgar', 'Dalga', 'Pınar',
  'Başak', 'Çınar', 'Defne', 'Lale', 'Sümbül', 'Nergis', 'Safir', 'Zümrüt', 'Mercan', 'İnci',
  'Atlas', 'Orion', 'Vega', 'Nova', 'Polaris', 'Aksu', 'Karasu', 'Gökçe', 'Akça', 'Gökdere',
  'Demirtaş', 'Çeliktepe', 'Altınova', 'Yeşilova', 'Gümüşkaya', 'Kartal', 'Şahinler', 'Bozok', 'Tuna', 'Meriç',
  'Aras', 'Fırat', 'Dicle', 'Sakarya', 'Kızılırmak', 'Yeşilırmak', 'Ceyhan', 'Seyhan', 'Menderes', 'Gediz',
  'Tekno', 'Metalsan', 'Plastay', 'Kimteks', 'Elsan', 'Otoyedek', 'Makteks', 'Tarımsan', 'Gıdasan', 'Ambalajsan',
];

export interface SectorWord {
  word: string;
  /** HS chapters a company with this word in its name mainly trades. */
  chapters: readonly string[];
}

export const SECTOR_WORDS: readonly SectorWord[] = [
  { word: 'Tekstil', chapters: ['52', '54', '55', '60', '61', '62', '63'] },
  { word: 'Konfeksiyon', chapters: ['61', '62'] },
  { word: 'Örme', chapters: ['60', '61'] },
  { word: 'İplik', chapters: ['52', '54', '55'] },
  { word: 'Dokuma', chapters: ['52', '54', '55', '63'] },
  { word: 'Halı', chapters: ['57'] },
  { word: 'Gıda', chapters: ['04', '17', '18', '19', '20', '21'] },
  { word: 'Tarım', chapters: ['07', '08', '10', '12'] },
  { word: 'Fındık', chapters: ['08', '20'] },
  { word: 'Kuru Meyve', chapters: ['08'] },
  { word: 'Zeytinyağı', chapters: ['15'] },
  { word: 'Su Ürünleri', chapters: ['03'] },
  { word: 'Otomotiv', chapters: ['87', '40', '85'] },
  { word: 'Yedek Parça', chapters: ['87', '84'] },
  { word: 'Makina', chapters: ['84'] },
  { word: 'Metal', chapters: ['73', '76', '83'] },
  { word: 'Demir Çelik', chapters: ['72', '73'] },
  { word: 'Döküm', chapters: ['73', '84'] },
  { word: 'Alüminyum', chapters: ['76'] },
  { word: 'Bakır', chapters: ['74'] },
  { word: 'Plastik', chapters: ['39'] },
  { word: 'Ambalaj', chapters: ['39', '48'] },
  { word: 'Kimya', chapters: ['28', '29', '32', '38'] },
  { word: 'Boya', chapters: ['32'] },
  { word: 'Kozmetik', chapters: ['33', '34'] },
  { word: 'İlaç', chapters: ['30'] },
  { word: 'Medikal', chapters: ['90', '30'] },
  { word: 'Elektrik', chapters: ['85'] },
  { word: 'Elektronik', chapters: ['85', '84'] },
  { word: 'Beyaz Eşya', chapters: ['84', '85'] },
  { word: 'Mobilya', chapters: ['94'] },
  { word: 'Orman Ürünleri', chapters: ['44'] },
  { word: 'Kağıt', chapters: ['48'] },
  { word: 'Cam', chapters: ['70'] },
  { word: 'Seramik', chapters: ['69'] },
  { word: 'Mermer', chapters: ['25', '68'] },
  { word: 'Enerji', chapters: ['27'] },
  { word: 'Petrol', chapters: ['27'] },
  { word: 'Madencilik', chapters: ['25', '26'] },
  { word: 'Kıymetli Madenler', chapters: ['71'] },
  { word: 'Kuyumculuk', chapters: ['71'] },
  { word: 'Deri', chapters: ['41', '42'] },
  { word: 'Ayakkabı', chapters: ['64'] },
  { word: 'Lastik', chapters: ['40'] },
  { word: 'Tütün', chapters: ['24'] },
  { word: 'İçecek', chapters: ['22'] },
  { word: 'Gemi', chapters: ['89'] },
  { word: 'Havacılık', chapters: ['88'] },
  { word: 'Oyuncak', chapters: ['95'] },
];

export const MIDDLE_WORDS: readonly string[] = [
  'San. ve Tic.', 'Sanayi ve Ticaret', 'İth. İhr.', 'İthalat İhracat', 'Dış Tic.', 'Dış Ticaret',
  'İth. İhr. ve Paz.', 'San. Tic. ve Paz.', 'Paz. ve Tic.', 'İnş. San. ve Tic.', 'Nak. ve Tic.', 'Taah. San. ve Tic.',
];

export interface LegalForm {
  code: string;
  name: string;
  /** Share among exporting and importing firms in the dataset. */
  weight: number;
}

export const TR_LEGAL_FORMS: readonly LegalForm[] = [
  { code: 'A.Ş.', name: 'Anonim Şirketi', weight: 45 },
  { code: 'Ltd. Şti.', name: 'Limited Şirketi', weight: 50 },
  { code: 'Koll. Şti.', name: 'Kollektif Şirketi', weight: 2 },
  { code: 'Kom. Şti.', name: 'Komandit Şirketi', weight: 1 },
  { code: 'Koop.', name: 'Kooperatifi', weight: 2 },
];

export interface TrCity {
  name: string;
  /** Province plate code, as in the UN/LOCODE subdivision list (TR-34 = İstanbul). */
  plate: string;
  /** Share of the province in Turkish exports; 2024 figures for the top five, our estimate below. */
  export_weight: number;
  /** Organised industrial zones and industrial districts for addresses. */
  districts: readonly string[];
}

export const TR_CITIES: readonly TrCity[] = [
  { name: 'İstanbul', plate: '34', export_weight: 56.8, districts: ['İkitelli OSB', 'Dudullu OSB', 'İstanbul Deri OSB (Tuzla)', 'Esenyurt', 'Beylikdüzü', 'Bağcılar', 'Zeytinburnu', 'Merter'] },
  { name: 'Kocaeli', plate: '41', export_weight: 32.0, districts: ['Gebze OSB', 'Dilovası OSB', 'TOSB (Şekerpınar)', 'Kartepe', 'Körfez'] },
  { name: 'İzmir', plate: '35', export_weight: 23.8, districts: ['Atatürk OSB (Çiğli)', 'Kemalpaşa OSB', 'Torbalı', 'Aliağa', 'Menemen'] },
  { name: 'Bursa', plate: '16', export_weight: 18.2, districts: ['Bursa OSB (Nilüfer)', 'Demirtaş OSB', 'Nilüfer OSB', 'İnegöl OSB', 'Gemlik'] },
  { name: 'Tekirdağ', plate: '59', export_weight: 13.2, districts: ['Çerkezköy OSB', 'Çorlu', 'Ergene', 'Kapaklı'] },
  { name: 'Ankara', plate: '06', export_weight: 9, districts: ['OSTİM OSB', 'Sincan (ASO 1. OSB)', 'Sincan', 'Temelli'] },
  { name: 'Gaziantep', plate: '27', export_weight: 10.5, districts: ['Gaziantep OSB', 'Şehitkamil', 'Başpınar'] },
  { name: 'Manisa', plate: '45', export_weight: 6.5, districts: ['Manisa OSB', 'Turgutlu', 'Akhisar'] },
  { name: 'Sakarya', plate: '54', export_weight: 5, districts: ['Arifiye', 'Hendek OSB', 'Karasu'] },
  { name: 'Denizli', plate: '20', export_weight: 4.5, districts: ['Denizli OSB', 'Merkezefendi', 'Pamukkale'] },
  { name: 'Kayseri', plate: '38', export_weight: 3.8, districts: ['Kayseri OSB', 'Melikgazi', 'Kocasinan'] },
  { name: 'Konya', plate: '42', export_weight: 3.5, districts: ['Konya OSB', 'Selçuklu', 'Karatay'] },
  { name: 'Mersin', plate: '33', export_weight: 3, districts: ['Tarsus OSB', 'Akdeniz', 'Mersin Serbest Bölgesi'] },
  { name: 'Hatay', plate: '31', export_weight: 2.8, districts: ['İskenderun', 'Antakya', 'Payas'] },
  { name: 'Adana', plate: '01', export_weight: 2.5, districts: ['Hacı Sabancı OSB', 'Seyhan', 'Yüreğir'] },
  { name: 'Eskişehir', plate: '26', export_weight: 1.8, districts: ['Eskişehir OSB', 'Odunpazarı', 'Tepebaşı'] },
  { name: 'Çorum', plate: '19', export_weight: 0.6, districts: ['Çorum OSB', 'Merkez'] },
  { name: 'Ordu', plate: '52', export_weight: 0.8, districts: ['Altınordu', 'Ünye'] },
  { name: 'Giresun', plate: '28', export_weight: 0.5, districts: ['Merkez', 'Bulancak'] },
  { name: 'Trabzon', plate: '61', export_weight: 0.7, districts: ['Arsin OSB', 'Ortahisar'] },
  { name: 'Samsun', plate: '55', export_weight: 0.9, districts: ['Samsun Merkez OSB', 'Tekkeköy', 'Canik'] },
  { name: 'Antalya', plate: '07', export_weight: 1.5, districts: ['Antalya OSB', 'Kepez', 'Antalya Serbest Bölgesi'] },
  { name: 'Balıkesir', plate: '10', export_weight: 1.1, districts: ['Balıkesir OSB', 'Bandırma', 'Gönen'] },
  { name: 'Kahramanmaraş', plate: '46', export_weight: 1.2, districts: ['Kahramanmaraş OSB', 'Onikişubat'] },
  { name: 'Malatya', plate: '44', export_weight: 0.5, districts: ['Malatya OSB', 'Yeşilyurt'] },
];

export interface ForeignNameMaterial {
  /** Partner country, alpha-2. */
  country: string;
  stems: readonly string[];
  sector_words: readonly string[];
  legal_forms: readonly string[];
  cities: readonly string[];
  first_names: readonly string[];
  last_names: readonly string[];
}

// Invented company stems per partner country; the names and cities are common ones.
export const FOREIGN_NAME_MATERIAL: readonly ForeignNameMaterial[] = [
  {
    country: 'DE', stems: ['Rheinwerk', 'Nordstern', 'Alpenhof', 'Elbtal', 'Mainfeld', 'Schwarzwald', 'Hanse', 'Isartal'],
    sector_words: ['Handel', 'Technik', 'Textil', 'Automotive', 'Logistik', 'Maschinenbau'],
    legal_forms: ['GmbH', 'AG', 'GmbH & Co. KG', 'KG'], cities: ['Hamburg', 'München', 'Frankfurt am Main', 'Köln', 'Stuttgart', 'Düsseldorf'],
    first_names: ['Thomas', 'Andreas', 'Stefan', 'Julia', 'Sabine', 'Katrin', 'Michael', 'Anna'],
    last_names: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Wagner', 'Becker', 'Hoffmann'],
  },
  {
    country: 'US', stems: ['Liberty', 'Summit', 'Pioneer', 'Keystone', 'Lakeshore', 'Redwood', 'Bluewater', 'Frontier'],
    sector_words: ['Trading', 'Industries', 'Supply', 'Imports', 'Brands', 'Distribution'],
    legal_forms: ['Inc.', 'LLC', 'Corp.', 'Co.'], cities: ['New York', 'Los Angeles', 'Chicago', 'Houston', 'Miami', 'Atlanta'],
    first_names: ['James', 'Robert', 'Jennifer', 'Michael', 'Sarah', 'David', 'Emily', 'Daniel'],
    last_names: ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson'],
  },
  {
    country: 'GB', stems: ['Thames', 'Pennine', 'Albion', 'Windsor', 'Highland', 'Mersey', 'Cotswold', 'Severn'],
    sector_words: ['Trading', 'Retail', 'Textiles', 'Supplies', 'Imports', 'Group'],
    legal_forms: ['Ltd', 'PLC', 'LLP'], cities: ['London', 'Manchester', 'Birmingham', 'Leeds', 'Glasgow', 'Leicester'],
    first_names: ['Oliver', 'Harry', 'George', 'Emma', 'Charlotte', 'Sophie', 'William', 'Jack'],
    last_names: ['Taylor', 'Evans', 'Thomas', 'Roberts', 'Walker', 'Wright', 'Hughes', 'Green'],
  },
  {
    country: 'IQ', stems: ['Al Rafidain', 'Dijla', 'Al Furat', 'Babil', 'Nineveh', 'Al Noor', 'Zagros', 'Al Amal'],
    sector_words: ['General Trading', 'Trading', 'Construction Materials', 'Foodstuff'],
    legal_forms: ['Co.', 'Co. Ltd.', 'LLC'], cities: ['Erbil', 'Baghdad', 'Basra', 'Sulaymaniyah', 'Duhok', 'Mosul'],
    first_names: ['Ahmed', 'Mohammed', 'Ali', 'Hussein', 'Omar', 'Zainab', 'Fatima', 'Karwan'],
    last_names: ['Al-Jabouri', 'Al-Obaidi', 'Hassan', 'Kareem', 'Salih', 'Abdullah', 'Rashid', 'Aziz'],
  },
  {
    country: 'IT', stems: ['Tirrenia', 'Adriatica', 'Dolomiti', 'Lombarda', 'Toscana', 'Vesuvio', 'Padana', 'Etna'],
    sector_words: ['Commerciale', 'Tessile', 'Meccanica', 'Alimentare', 'Import Export', 'Industrie'],
    legal_forms: ['S.r.l.', 'S.p.A.', 'S.a.s.'], cities: ['Milano', 'Torino', 'Bologna', 'Napoli', 'Genova', 'Prato'],
    first_names: ['Marco', 'Giuseppe', 'Luca', 'Francesca', 'Giulia', 'Alessandro', 'Chiara', 'Matteo'],
    last_names: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci'],
  },
  {
    country: 'FR', stems: ['Loire', 'Provence', 'Atlantique', 'Bretagne', 'Rhône', 'Normandie', 'Garonne', 'Vosges'],
    sector_words: ['Distribution', 'Textile', 'Industrie', 'Négoce', 'Import', 'Équipements'],
    legal_forms: ['SAS', 'SARL', 'SA'], cities: ['Paris', 'Lyon', 'Marseille', 'Lille', 'Toulouse', 'Bordeaux'],
    first_names: ['Pierre', 'Nicolas', 'Julien', 'Camille', 'Marie', 'Sophie', 'Antoine', 'Claire'],
    last_names: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand'],
  },
  {
    country: 'ES', stems: ['Ibérica', 'Levante', 'Cantábrica', 'Mediterránea', 'Castilla', 'Andaluza', 'Galaica', 'Ebro'],
    sector_words: ['Comercial', 'Textil', 'Distribuciones', 'Importaciones', 'Industrial'],
    legal_forms: ['S.L.', 'S.A.'], cities: ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Bilbao', 'Zaragoza'],
    first_names: ['Javier', 'Carlos', 'Antonio', 'Lucía', 'María', 'Carmen', 'Pablo', 'Laura'],
    last_names: ['García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez'],
  },
  {
    country: 'RU', stems: ['Volga', 'Ural', 'Sibir', 'Neva', 'Baltika', 'Kuban', 'Don', 'Amur'],
    sector_words: ['Trade', 'Import', 'Prom', 'Snab', 'Agro', 'Tekh'],
    legal_forms: ['OOO', 'AO', 'PAO'], cities: ['Moskva', 'Sankt-Peterburg', 'Novorossiysk', 'Kazan', 'Krasnodar', 'Yekaterinburg'],
    first_names: ['Aleksandr', 'Dmitriy', 'Sergey', 'Elena', 'Olga', 'Natalya', 'Andrey', 'Irina'],
    last_names: ['Ivanov', 'Smirnov', 'Kuznetsov', 'Popov', 'Volkov', 'Sokolov', 'Morozov', 'Petrov'],
  },
  {
    country: 'AE', stems: ['Al Khaleej', 'Gulf Star', 'Al Waha', 'Emirates Link', 'Desert Rose', 'Al Manara', 'Palm Crest', 'Al Bahar'],
    sector_words: ['General Trading', 'Trading', 'Jewellery Trading', 'Foodstuff Trading', 'Logistics'],
    legal_forms: ['LLC', 'FZE', 'FZCO', 'DMCC'], cities: ['Dubai', 'Abu Dhabi', 'Sharjah', 'Ajman', 'Ras Al Khaimah'],
    first_names: ['Khalid', 'Rashid', 'Saeed', 'Mariam', 'Aisha', 'Hamad', 'Noura', 'Yousef'],
    last_names: ['Al Mansoori', 'Al Hashimi', 'Al Suwaidi', 'Al Nuaimi', 'Al Falasi', 'Al Ketbi', 'Khan', 'Menon'],
  },
  {
    country: 'NL', stems: ['Delta', 'Polder', 'Noordzee', 'Maasland', 'Oranje', 'Zeeland', 'Randstad', 'Veluwe'],
    sector_words: ['Handel', 'Trading', 'Import', 'Logistics', 'Food'],
    legal_forms: ['B.V.', 'N.V.'], cities: ['Rotterdam', 'Amsterdam', 'Eindhoven', 'Utrecht', 'Venlo'],
    first_names: ['Jan', 'Pieter', 'Daan', 'Sanne', 'Lotte', 'Bram', 'Emma', 'Thijs'],
    last_names: ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'Bakker', 'Visser', 'Smit', 'Mulder'],
  },
  {
    country: 'CN', stems: ['Huaxin', 'Jinlong', 'Haiyue', 'Zhongda', 'Xinghua', 'Dongfang', 'Hengyuan', 'Tianrui'],
    sector_words: ['Trading', 'Import & Export', 'Industrial', 'Machinery', 'Textile', 'Electronics'],
    legal_forms: ['Co., Ltd.', 'Group Co., Ltd.'], cities: ['Shanghai', 'Ningbo', 'Shenzhen', 'Guangzhou', 'Qingdao', 'Yiwu'],
    first_names: ['Wei', 'Fang', 'Jing', 'Lei', 'Min', 'Yang', 'Li', 'Jun'],
    last_names: ['Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao'],
  },
  {
    country: 'CH', stems: ['Helvetia', 'Alpina', 'Léman', 'Jura', 'Matterhorn', 'Zürichsee', 'Ticino', 'Engadin'],
    sector_words: ['Trading', 'Refining', 'Handel', 'Commodities'],
    legal_forms: ['AG', 'SA', 'GmbH'], cities: ['Zürich', 'Genève', 'Basel', 'Lugano', 'Zug'],
    first_names: ['Lukas', 'Reto', 'Martin', 'Sandra', 'Nicole', 'Daniel', 'Laura', 'Marco'],
    last_names: ['Meier', 'Keller', 'Huber', 'Gerber', 'Brunner', 'Baumann', 'Frei', 'Zimmermann'],
  },
  {
    country: 'KR', stems: ['Hanil', 'Daehan', 'Samjin', 'Hyunsung', 'Seoul Global', 'Saebit', 'Hanmaru', 'Hanbit'],
    sector_words: ['Trading', 'Industrial', 'Electronics', 'Chemical'],
    legal_forms: ['Co., Ltd.', 'Corp.'], cities: ['Seoul', 'Busan', 'Incheon', 'Ulsan', 'Changwon'],
    first_names: ['Min-jun', 'Seo-yeon', 'Ji-ho', 'Ha-eun', 'Do-yoon', 'Ji-woo', 'Hyun-woo', 'Soo-ah'],
    last_names: ['Kim', 'Lee', 'Park', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon'],
  },
];

export const FOREIGN_NAME_BY_COUNTRY: ReadonlyMap<string, ForeignNameMaterial> = new Map(
  FOREIGN_NAME_MATERIAL.map((m) => [m.country, m]),
);

// Fallback for partners without their own material: neutral English trade names.
export const GENERIC_FOREIGN_LEGAL_FORMS: readonly string[] = ['Ltd.', 'Co.', 'LLC', 'Trading Co.'];

export const TR_FIRST_NAMES_MALE: readonly string[] = [
  'Mehmet', 'Mustafa', 'Ahmet', 'Ali', 'Hüseyin', 'Hasan', 'İbrahim', 'İsmail', 'Osman', 'Yusuf',
  'Murat', 'Ömer', 'Ramazan', 'Halil', 'Süleyman', 'Abdullah', 'Emre', 'Burak', 'Serkan', 'Onur',
  'Kemal', 'Erkan', 'Cem', 'Barış', 'Tolga', 'Volkan', 'Gökhan', 'Selim', 'Caner', 'Oğuz',
];

export const TR_FIRST_NAMES_FEMALE: readonly string[] = [
  'Ayşe', 'Fatma', 'Emine', 'Hatice', 'Zeynep', 'Elif', 'Meryem', 'Şerife', 'Zehra', 'Sultan',
  'Esra', 'Merve', 'Büşra', 'Derya', 'Gamze', 'Özlem', 'Seda', 'Tuğba', 'Ebru', 'Burcu',
  'Aslı', 'Pınar', 'Gizem', 'Ceren', 'İrem', 'Nur', 'Selin', 'Deniz', 'Dilek', 'Gül',
];
