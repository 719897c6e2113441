// The top of the Harmonized System: 21 sections and 97 chapters (chapter 77 is reserved for
// future use). Descriptions are our own short labels, in English and Turkish.

export interface HsSection {
  /** Roman numeral, I to XXI. */
  section: string;
  number: number;
  /** First and last chapter, inclusive. */
  chapters: readonly [string, string];
  name_en: string;
  name_tr: string;
}

export interface HsChapter {
  code: string;
  section: string;
  description_en: string;
  description_tr: string;
  reserved: boolean;
}

type SectionRow = [section: string, first: string, last: string, en: string, tr: string];

const SECTION_ROWS: SectionRow[] = [
  ['I', '01', '05', 'Live animals and animal products', 'Canlı hayvanlar ve hayvansal ürünler'],
  ['II', '06', '14', 'Vegetable products', 'Bitkisel ürünler'],
  ['III', '15', '15', 'Animal and vegetable fats and oils', 'Hayvansal ve bitkisel yağlar'],
  ['IV', '16', '24', 'Prepared foodstuffs, beverages and tobacco', 'Hazır gıdalar, içecekler ve tütün'],
  ['V', '25', '27', 'Mineral products', 'Mineral ürünler'],
  ['VI', '28', '38', 'Chemical products', 'Kimyasal ürünler'],
  ['VII', '39', '40', 'Plastics and rubber', 'Plastikler ve kauçuk'],
  ['VIII', '41', '43', 'Hides, leather, furskins and travel goods', 'Ham deri, işlenmiş deri, kürk ve seyahat eşyası'],
  ['IX', '44', '46', 'Wood, cork and basketware', 'Ağaç, mantar ve örme sepetçilik eşyası'],
  ['X', '47', '49', 'Pulp, paper and printed matter', 'Kağıt hamuru, kağıt ve basılı ürünler'],
  ['XI', '50', '63', 'Textiles and textile articles', 'Dokumaya elverişli maddeler ve mamulleri'],
  ['XII', '64', '67', 'Footwear, headgear, umbrellas and artificial flowers', 'Ayakkabı, başlık, şemsiye ve yapma çiçekler'],
  ['XIII', '68', '70', 'Articles of stone, ceramics and glass', 'Taş, seramik ve cam eşya'],
  ['XIV', '71', '71', 'Pearls, precious stones and precious metals', 'İnciler, kıymetli taşlar ve kıymetli metaller'],
  ['XV', '72', '83', 'Base metals and articles thereof', 'Adi metaller ve bunlardan eşya'],
  ['XVI', '84', '85', 'Machinery and electrical equipment', 'Makineler ve elektrikli cihazlar'],
  ['XVII', '86', '89', 'Vehicles, aircraft, vessels and transport equipment', 'Kara, hava ve deniz taşıtları'],
  ['XVIII', '90', '92', 'Optical, medical and precision instruments; clocks; musical instruments', 'Optik, tıbbi ve hassas aletler; saatler; müzik aletleri'],
  ['XIX', '93', '93', 'Arms and ammunition', 'Silahlar ve mühimmat'],
  ['XX', '94', '96', 'Miscellaneous manufactured articles', 'Çeşitli mamul eşya'],
  ['XXI', '97', '97', 'Works of art and antiques', 'Sanat eserleri ve antikalar'],
];

export const HS_SECTIONS: readonly HsSection[] = SECTION_ROWS.map(([section, first, last, en, tr], i) => ({
  section, number: i + 1, chapters: [first, last], name_en: en, name_tr: tr,
}));

type ChapterRow = [code: string, en: string, tr: string];

const CHAPTER_ROWS: ChapterRow[] = [
  ['01', 'Live animals', 'Canlı hayvanlar'],
  ['02', 'Meat and edible offal', 'Etler ve yenilen sakatat'],
  ['03', 'Fish and seafood', 'Balıklar ve deniz ürünleri'],
  ['04', 'Dairy products, eggs, honey', 'Süt ürünleri, yumurta, bal'],
  ['05', 'Other products of animal origin', 'Diğer hayvansal ürünler'],
  ['06', 'Live plants and cut flowers', 'Canlı bitkiler ve kesme çiçekler'],
  ['07', 'Vegetables', 'Sebzeler'],
  ['08', 'Fruit and nuts', 'Meyveler ve sert kabuklu yemişler'],
  ['09', 'Coffee, tea and spices', 'Kahve, çay ve baharat'],
  ['10', 'Cereals', 'Hububat'],
  ['11', 'Milling products, malt, starch', 'Değirmencilik ürünleri, malt, nişasta'],
  ['12', 'Oil seeds, industrial plants, fodder', 'Yağlı tohumlar, sanayi bitkileri, yem bitkileri'],
  ['13', 'Gums, resins and plant extracts', 'Bitkisel zamklar, reçineler ve özler'],
  ['14', 'Vegetable plaiting materials', 'Örmeye elverişli bitkisel maddeler'],
  ['15', 'Animal and vegetable fats and oils', 'Hayvansal ve bitkisel yağlar'],
  ['16', 'Preparations of meat and fish', 'Et ve balık müstahzarları'],
  ['17', 'Sugar and confectionery', 'Şeker ve şekerli mamuller'],
  ['18', 'Cocoa and chocolate', 'Kakao ve çikolata'],
  ['19', 'Cereal, flour and bakery preparations', 'Hububat, un ve pastacılık ürünleri'],
  ['20', 'Preparations of vegetables and fruit', 'Sebze ve meyve müstahzarları'],
  ['21', 'Miscellaneous food preparations', 'Çeşitli gıda müstahzarları'],
  ['22', 'Beverages and vinegar', 'Alkollü ve alkolsüz içecekler, sirke'],
  ['23', 'Food industry residues; animal feed', 'Gıda sanayii kalıntıları; hayvan yemleri'],
  ['24', 'Tobacco', 'Tütün ve tütün mamulleri'],
  ['25', 'Salt, stone, cement, lime', 'Tuz, taş, çimento, kireç'],
  ['26', 'Ores, slag and ash', 'Metal cevherleri, cüruf ve kül'],
  ['27', 'Mineral fuels and oils', 'Mineral yakıtlar ve yağlar'],
  ['28', 'Inorganic chemicals', 'Anorganik kimyasallar'],
  ['29', 'Organic chemicals', 'Organik kimyasallar'],
  ['30', 'Pharmaceutical products', 'Eczacılık ürünleri'],
  ['31', 'Fertilisers', 'Gübreler'],
  ['32', 'Dyes, pigments, paints, inks', 'Boyalar, pigmentler, vernikler, mürekkepler'],
  ['33', 'Essential oils, perfumery, cosmetics', 'Uçucu yağlar, parfümeri ve kozmetikler'],
  ['34', 'Soap, detergents, waxes', 'Sabunlar, deterjanlar, mumlar'],
  ['35', 'Albumins, glues, enzymes', 'Albüminler, tutkallar, enzimler'],
  ['36', 'Explosives, matches, pyrotechnics', 'Barut, patlayıcılar, kibrit'],
  ['37', 'Photographic and cinematographic goods', 'Fotoğrafçılık ve sinemacılık ürünleri'],
  ['38', 'Miscellaneous chemical products', 'Çeşitli kimyasal ürünler'],
  ['39', 'Plastics and articles thereof', 'Plastikler ve mamulleri'],
  ['40', 'Rubber and articles thereof', 'Kauçuk ve kauçuktan eşya'],
  ['41', 'Raw hides and leather', 'Ham postlar, deriler ve köseleler'],
  ['42', 'Leather articles, handbags, travel goods', 'Deriden eşya, el çantaları, seyahat eşyası'],
  ['43', 'Furskins and artificial fur', 'Kürkler ve taklit kürkler'],
  ['44', 'Wood and articles of wood', 'Ağaç ve ahşap eşya'],
  ['45', 'Cork', 'Mantar'],
  ['46', 'Basketware and wickerwork', 'Hasırcı ve sepetçi eşyası'],
  ['47', 'Wood pulp and recovered paper', 'Odun hamuru ve atık kağıt'],
  ['48', 'Paper and paperboard', 'Kağıt ve karton'],
  ['49', 'Printed books and matter', 'Basılı kitaplar ve yayınlar'],
  ['50', 'Silk', 'İpek'],
  ['51', 'Wool and animal hair', 'Yün ve hayvan kılı'],
  ['52', 'Cotton', 'Pamuk'],
  ['53', 'Other vegetable fibres', 'Diğer bitkisel lifler'],
  ['54', 'Man-made filaments', 'Sentetik ve suni filamentler'],
  ['55', 'Man-made staple fibres', 'Sentetik ve suni devamsız lifler'],
  ['56', 'Wadding, felt, nonwovens, cordage', 'Vatka, keçe, dokunmamış mensucat, halat'],
  ['57', 'Carpets and floor coverings', 'Halılar ve yer kaplamaları'],
  ['58', 'Special woven fabrics, lace, embroidery', 'Özel dokunmuş mensucat, dantel, işleme'],
  ['59', 'Coated and technical textiles', 'Emdirilmiş ve teknik mensucat'],
  ['60', 'Knitted fabrics', 'Örme mensucat'],
  ['61', 'Knitted apparel', 'Örme giyim eşyası'],
  ['62', 'Woven apparel', 'Örülmemiş giyim eşyası'],
  ['63', 'Other made-up textiles, worn clothing', 'Diğer hazır eşya, kullanılmış giyim'],
  ['64', 'Footwear', 'Ayakkabılar'],
  ['65', 'Headgear', 'Başlıklar'],
  ['66', 'Umbrellas and walking sticks', 'Şemsiyeler ve bastonlar'],
  ['67', 'Feathers, artificial flowers, wigs', 'Kuş tüyleri, yapma çiçekler, peruklar'],
  ['68', 'Articles of stone, cement, asbestos', 'Taş, çimento ve benzeri maddelerden eşya'],
  ['69', 'Ceramic products', 'Seramik mamulleri'],
  ['70', 'Glass and glassware', 'Cam ve cam eşya'],
  ['71', 'Precious stones and metals, jewellery', 'Kıymetli taşlar ve metaller, mücevherat'],
  ['72', 'Iron and steel', 'Demir ve çelik'],
  ['73', 'Articles of iron or steel', 'Demir veya çelikten eşya'],
  ['74', 'Copper', 'Bakır ve bakırdan eşya'],
  ['75', 'Nickel', 'Nikel ve nikelden eşya'],
  ['76', 'Aluminium', 'Alüminyum ve alüminyumdan eşya'],
  ['77', 'Reserved for future use', 'İleride kullanılmak üzere ayrılmış'],
  ['78', 'Lead', 'Kurşun ve kurşundan eşya'],
  ['79', 'Zinc', 'Çinko ve çinkodan eşya'],
  ['80', 'Tin', 'Kalay ve kalaydan eşya'],
  ['81', 'Other base metals, cermets', 'Diğer adi metaller, sermetler'],
  ['82', 'Tools and cutlery of base metal', 'Adi metallerden aletler ve çatal bıçak'],
  ['83', 'Miscellaneous articles of base metal', 'Adi metallerden çeşitli eşya'],
  ['84', 'Machinery and mechanical appliances', 'Makineler ve mekanik cihazlar'],
  ['85', 'Electrical machinery and electronics', 'Elektrikli makineler ve elektronik'],
  ['86', 'Railway vehicles and track fixtures', 'Demiryolu taşıtları ve hat malzemesi'],
  ['87', 'Vehicles other than railway', 'Motorlu kara taşıtları ve parçaları'],
  ['88', 'Aircraft and spacecraft', 'Hava ve uzay taşıtları'],
  ['89', 'Ships and boats', 'Gemiler ve suda yüzen taşıtlar'],
  ['90', 'Optical, measuring and medical instruments', 'Optik, ölçü ve tıbbi alet ve cihazlar'],
  ['91', 'Clocks and watches', 'Saatler'],
  ['92', 'Musical instruments', 'Müzik aletleri'],
  ['93', 'Arms and ammunition', 'Silahlar ve mühimmat'],
  ['94', 'Furniture, bedding, lighting, prefabricated buildings', 'Mobilyalar, yatak takımları, aydınlatma, prefabrik yapılar'],
  ['95', 'Toys, games and sports equipment', 'Oyuncaklar, oyun ve spor malzemeleri'],
  ['96', 'Miscellaneous manufactured articles', 'Çeşitli mamul eşya'],
  ['97', 'Works of art and antiques', 'Sanat eserleri ve antikalar'],
];

function sectionOf(chapter: string): string {
  const s = HS_SECTIONS.find((x) => chapter >= x.chapters[0] && chapter <= x.chapters[1]);
  if (!s) throw new Error(`chapter ${chapter} falls in no section`);
  return s.section;
}

export const HS_CHAPTERS: readonly HsChapter[] = CHAPTER_ROWS.map(([code, en, tr]) => ({
  code, section: sectionOf(code), description_en: en, description_tr: tr, reserved: code === '77',
}));

export const HS_SECTION_BY_ID: ReadonlyMap<string, HsSection> = new Map(HS_SECTIONS.map((s) => [s.section, s]));
export const HS_CHAPTER_BY_CODE: ReadonlyMap<string, HsChapter> = new Map(HS_CHAPTERS.map((c) => [c.code, c]));
