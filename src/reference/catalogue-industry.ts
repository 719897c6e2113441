// Catalogue rows for chapters 68–83: stone, ceramics, glass, precious metals, iron and steel,
// non-ferrous metals and metal articles.
import type { HeadingRow } from './catalogue.js';

export const INDUSTRY: HeadingRow[] = [
  ['6802', 'Worked monumental or building stone', 'İşlenmiş yapı ve anıt taşları', [
    ['680291', 'Worked marble, travertine and alabaster', 'İşlenmiş mermer, traverten ve su mermeri', [
      ['680291000000', 'Polished marble slabs and tiles', 'Cilalı mermer plaka ve karo', 'kg', 0.7, null, 'e'],
    ]],
  ]],
  ['6907', 'Ceramic flags and paving, wall and floor tiles', 'Seramik döşeme ve kaplama karoları', [
    ['690721', 'Tiles with water absorption up to 0.5 %', 'Su emme oranı %0,5’i geçmeyen karolar', [
      ['690721000000', 'Porcelain floor tiles', 'Porselen yer karosu', 'm2', 0.45, 22, 'e'],
    ]],
    ['690722', 'Tiles with water absorption of 0.5–10 %', 'Su emme oranı %0,5–10 olan karolar', [
      ['690722000000', 'Ceramic floor tiles', 'Seramik yer karosu', 'm2', 0.4, 18, 'e'],
    ]],
    ['690723', 'Tiles with water absorption above 10 %', 'Su emme oranı %10’u aşan karolar', [
      ['690723000000', 'Ceramic wall tiles', 'Seramik duvar karosu', 'm2', 0.4, 15, 'e'],
    ]],
  ]],
  ['6910', 'Ceramic sinks, baths and WC pans', 'Seramik lavabo, küvet ve klozetler', [
    ['691010', 'Sanitary ware of porcelain', 'Porselen vitrifiye', [
      ['691010000000', 'Porcelain WC pans and washbasins', 'Porselen klozet ve lavabo', 'u', 2.2, 18, 'e'],
    ]],
  ]],
  ['6911', 'Porcelain tableware and kitchenware', 'Porselen sofra ve mutfak eşyası', [
    ['691110', 'Porcelain tableware and kitchenware', 'Porselen sofra ve mutfak eşyası', [
      ['691110000000', 'Porcelain dinner sets', 'Porselen yemek takımı', 'kg', 3.5, null, 'e'],
    ]],
  ]],
  ['6912', 'Ceramic tableware other than porcelain', 'Porselen dışındaki seramik sofra eşyası', [
    ['691200', 'Ceramic tableware other than porcelain', 'Porselen dışındaki seramik sofra eşyası', [
      ['691200500000', 'Stoneware plates and mugs', 'Stoneware tabak ve kupalar', 'kg', 2, null, 'e'],
    ]],
  ]],
  ['7005', 'Float glass in sheets', 'Levha halinde float cam', [
    ['700529', 'Other non-wired float glass', 'Telsiz diğer float cam', [
      ['700529250000', 'Clear float glass', 'Şeffaf float cam', 'kg', 0.55, null, 'e'],
    ]],
  ]],
  ['7007', 'Safety glass', 'Emniyet camı', [
    ['700711', 'Toughened glass for vehicles', 'Taşıtlar için temperli cam', [
      ['700711100000', 'Tempered automotive glass', 'Temperli oto camı', 'kg', 4, null, 'e'],
    ]],
    ['700721', 'Laminated glass for vehicles', 'Taşıtlar için lamine cam', [
      ['700721200000', 'Laminated windscreens', 'Lamine ön cam', 'kg', 5, null, 'ie'],
    ]],
  ]],
  ['7010', 'Glass bottles, jars and containers', 'Cam şişe, kavanoz ve kaplar', [
    ['701090', 'Other glass containers', 'Diğer cam kaplar', [
      ['701090450000', 'Glass bottles and jars', 'Cam şişe ve kavanoz', 'kg', 0.7, null, 'e'],
    ]],
  ]],
  ['7013', 'Glassware for table, kitchen and decoration', 'Sofra, mutfak ve süsleme için cam eşya', [
    ['701337', 'Other drinking glasses', 'Diğer bardaklar', [
      ['701337990000', 'Soda-lime drinking glasses', 'Cam su bardağı', 'kg', 2.3, null, 'e'],
    ]],
    ['701349', 'Other table or kitchen glassware', 'Diğer cam sofra ve mutfak eşyası', [
      ['701349990000', 'Glass bowls and ovenware', 'Cam kase ve fırın kapları', 'kg', 2.3, null, 'e'],
    ]],
  ]],
  ['7019', 'Glass fibres and articles thereof', 'Cam lifleri ve bunlardan eşya', [
    ['701912', 'Glass fibre rovings', 'Cam lifi fitilleri', [
      ['701912000000', 'Glass fibre rovings', 'Cam elyafı fitil', 'kg', 1.2, null, 'e'],
    ]],
  ]],
  ['7102', 'Diamonds', 'Elmaslar', [
    ['710239', 'Non-industrial diamonds, worked', 'Sanayide kullanılmayan işlenmiş elmaslar', [
      ['710239000000', 'Polished diamonds', 'İşlenmiş pırlanta', 'carat', 5000000, 0.0002, 'ie'],
    ]],
  ]],
  ['7106', 'Silver, unwrought or semi-manufactured', 'İşlenmemiş veya yarı işlenmiş gümüş', [
    ['710691', 'Unwrought silver', 'İşlenmemiş gümüş', [
      ['710691000000', 'Silver bars and granules', 'Gümüş külçe ve granül', 'kg', 800, null, 'i'],
    ]],
  ]],
  ['7108', 'Gold, unwrought or semi-manufactured', 'İşlenmemiş veya yarı işlenmiş altın', [
    ['710812', 'Other unwrought gold, non-monetary', 'Parasal olmayan diğer işlenmemiş altın', [
      ['710812000000', 'Gold bars', 'Külçe altın', 'g', 60000, 0.001, 'ie'],
    ]],
    ['710813', 'Other semi-manufactured gold, non-monetary', 'Parasal olmayan diğer yarı işlenmiş altın', [
      ['710813800000', 'Gold wire and sheet', 'Altın tel ve levha', 'g', 60000, 0.001, 'ie'],
    ]],
  ]],
  ['7113', 'Articles of jewellery', 'Mücevherci eşyası', [
    ['711319', 'Jewellery of other precious metal', 'Diğer kıymetli metallerden mücevherat', [
      ['711319000000', 'Gold jewellery', 'Altın mücevherat', 'g', 62000, 0.001, 'e'],
    ]],
  ]],
  ['7117', 'Imitation jewellery', 'Taklit mücevherat', [
    ['711719', 'Imitation jewellery of base metal', 'Adi metallerden taklit mücevherat', [
      ['711719000000', 'Fashion jewellery', 'Bijuteri', 'kg', 20, null, 'ie'],
    ]],
  ]],
  ['7201', 'Pig iron and spiegeleisen', 'Pik demir ve aynalı dökme demir', [
    ['720110', 'Non-alloy pig iron, up to 0.5 % phosphorus', 'Fosfor oranı %0,5’i geçmeyen alaşımsız pik', [
      ['720110110000', 'Basic pig iron', 'Bazik pik demir', 'kg', 0.45, null, 'i'],
    ]],
  ]],
  ['7202', 'Ferro-alloys', 'Ferro alyajlar', [
    ['720241', 'Ferro-chromium, over 4 % carbon', 'Karbon oranı %4’ü aşan ferrokrom', [
      ['720241100000', 'High-carbon ferrochrome', 'Yüksek karbonlu ferrokrom', 'kg', 1.4, null, 'e'],
    ]],
  ]],
  ['7204', 'Ferrous waste and scrap', 'Demir ve çelik hurda ve döküntüleri', [
    ['720410', 'Waste and scrap of cast iron', 'Dökme demir hurdası', [
      ['720410000000', 'Cast iron scrap', 'Dökme demir hurdası', 'kg', 0.38, null, 'i'],
    ]],
    ['720449', 'Other ferrous waste and scrap', 'Diğer demir çelik hurdası', [
      ['720449300000', 'Heavy melting scrap (HMS)', 'Ağır ergitme hurdası (HMS)', 'kg', 0.4, null, 'i'],
    ]],
  ]],
  ['7207', 'Semi-finished products of iron or non-alloy steel', 'Demir veya alaşımsız çelikten yarı mamuller', [
    ['720711', 'Billets of square or rectangular section', 'Kare veya dikdörtgen kesitli kütükler', [
      ['720711110000', 'Steel billets', 'Çelik kütük', 'kg', 0.55, null, 'ie'],
    ]],
    ['720712', 'Other rectangular semi-finished products (slabs)', 'Diğer dikdörtgen kesitli yarı mamuller (slab)', [
      ['720712100000', 'Steel slabs', 'Çelik slab', 'kg', 0.55, null, 'i'],
    ]],
  ]],
  ['7208', 'Hot-rolled flat products, 600 mm or wider', 'Genişliği 600 mm veya fazla sıcak haddelenmiş yassı mamuller', [
    ['720827', 'Hot-rolled coils, pickled, under 3 mm', 'Dekape sıcak haddelenmiş rulo, 3 mm’den ince', [
      ['720827000000', 'Pickled and oiled hot-rolled coils', 'Dekapajlı sıcak haddelenmiş rulo', 'kg', 0.66, null, 'ie'],
    ]],
    ['720837', 'Hot-rolled coils, 4.75–10 mm', 'Sıcak haddelenmiş rulo, 4,75–10 mm', [
      ['720837000000', 'Hot-rolled coils, thick', 'Kalın sıcak haddelenmiş rulo', 'kg', 0.62, null, 'ie'],
    ]],
    ['720839', 'Hot-rolled coils, under 3 mm', 'Sıcak haddelenmiş rulo, 3 mm’den ince', [
      ['720839000000', 'Hot-rolled coils, thin', 'İnce sıcak haddelenmiş rulo', 'kg', 0.63, null, 'ie'],
    ]],
  ]],
  ['7209', 'Cold-rolled flat products, 600 mm or wider', 'Genişliği 600 mm veya fazla soğuk haddelenmiş yassı mamuller', [
    ['720917', 'Cold-rolled coils, 0.5–1 mm', 'Soğuk haddelenmiş rulo, 0,5–1 mm', [
      ['720917900000', 'Cold-rolled steel coils', 'Soğuk haddelenmiş çelik rulo', 'kg', 0.75, null, 'ie'],
    ]],
  ]],
  ['7210', 'Clad, plated or coated flat products, 600 mm or wider', 'Genişliği 600 mm veya fazla kaplanmış yassı mamuller', [
    ['721049', 'Otherwise zinc-coated flat products', 'Başka şekilde çinko kaplanmış yassı mamuller', [
      ['721049000000', 'Hot-dip galvanised steel', 'Sıcak daldırma galvanizli sac', 'kg', 0.85, null, 'ie'],
    ]],
    ['721070', 'Painted, varnished or plastic-coated flat products', 'Boyanmış veya plastik kaplanmış yassı mamuller', [
      ['721070800000', 'Pre-painted steel coils', 'Boyalı sac rulo', 'kg', 0.95, null, 'e'],
    ]],
  ]],
  ['7213', 'Hot-rolled bars in irregular coils (wire rod)', 'Düzensiz sarılmış sıcak haddelenmiş çubuklar (filmaşin)', [
    ['721391', 'Wire rod of circular section under 14 mm', '14 mm’den az daire kesitli filmaşin', [
      ['721391100000', 'Steel wire rod', 'Çelik filmaşin', 'kg', 0.6, null, 'e'],
    ]],
  ]],
  ['7214', 'Other bars and rods, hot-rolled', 'Sıcak haddelenmiş diğer çubuklar', [
    ['721420', 'Bars with indentations or ribs (rebar)', 'Nervürlü çubuklar (inşaat demiri)', [
      ['721420000000', 'Reinforcing bar', 'Nervürlü inşaat demiri', 'kg', 0.58, null, 'e'],
    ]],
  ]],
  ['7216', 'Angles, shapes and sections', 'Profiller', [
    ['721631', 'U sections, 80 mm or more', '80 mm veya fazla U profiller', [
      ['721631100000', 'Steel U channels', 'Çelik U profil', 'kg', 0.65, null, 'e'],
    ]],
    ['721633', 'H sections, 80 mm or more', '80 mm veya fazla H profiller', [
      ['721633100000', 'Steel H beams', 'Çelik H profil', 'kg', 0.67, null, 'e'],
    ]],
  ]],
  ['7219', 'Flat-rolled stainless steel, 600 mm or wider', 'Genişliği 600 mm veya fazla paslanmaz çelik yassı mamuller', [
    ['721934', 'Cold-rolled stainless, 0.5–1 mm', 'Soğuk haddelenmiş paslanmaz, 0,5–1 mm', [
      ['721934900000', 'Cold-rolled stainless steel sheet', 'Soğuk haddelenmiş paslanmaz sac', 'kg', 2.5, null, 'i'],
    ]],
  ]],
  ['7225', 'Flat-rolled alloy steel, 600 mm or wider', 'Genişliği 600 mm veya fazla alaşımlı çelik yassı mamuller', [
    ['722540', 'Hot-rolled alloy steel, not in coils', 'Rulo olmayan sıcak haddelenmiş alaşımlı çelik', [
      ['722540120000', 'Alloy steel plates', 'Alaşımlı çelik levha', 'kg', 0.9, null, 'i'],
    ]],
  ]],
  ['7304', 'Seamless tubes and pipes of iron or steel', 'Demir veya çelikten dikişsiz borular', [
    ['730419', 'Other seamless line pipe', 'Diğer dikişsiz hat boruları', [
      ['730419300000', 'Seamless line pipe', 'Dikişsiz hat borusu', 'kg', 1.1, null, 'ie'],
    ]],
  ]],
  ['7306', 'Other tubes and pipes of iron or steel (welded)', 'Demir veya çelikten diğer (kaynaklı) borular', [
    ['730630', 'Other welded tubes of circular section', 'Daire kesitli diğer kaynaklı borular', [
      ['730630770000', 'Welded steel pipes', 'Kaynaklı çelik boru', 'kg', 0.85, null, 'e'],
    ]],
    ['730661', 'Welded tubes of square or rectangular section', 'Kare veya dikdörtgen kesitli kaynaklı borular', [
      ['730661920000', 'Hollow steel sections', 'Kutu profil', 'kg', 0.85, null, 'e'],
    ]],
  ]],
  ['7308', 'Structures and parts of structures of iron or steel', 'Demir veya çelikten inşaat ve aksamı', [
    ['730820', 'Towers and lattice masts', 'Kuleler ve kafes direkler', [
      ['730820000000', 'Steel transmission towers', 'Çelik enerji nakil direkleri', 'kg', 1.5, null, 'e'],
    ]],
    ['730890', 'Other structures and parts', 'Diğer inşaat ve aksamı', [
      ['730890980000', 'Steel structures', 'Çelik konstrüksiyon', 'kg', 1.6, null, 'e'],
    ]],
  ]],
  ['7310', 'Tanks, drums and cans of iron or steel', 'Demir veya çelikten depo, varil ve kutular', [
    ['731010', 'Containers of 50 l or more', '50 litre veya fazla kaplar', [
      ['731010000000', 'Steel drums', 'Çelik varil', 'kg', 1.8, null, 'e'],
    ]],
  ]],
  ['7311', 'Containers for compressed or liquefied gas', 'Sıkıştırılmış veya sıvılaştırılmış gaz kapları', [
    ['731100', 'Containers for compressed or liquefied gas', 'Sıkıştırılmış veya sıvılaştırılmış gaz kapları', [
      ['731100990000', 'LPG cylinders', 'LPG tüpleri', 'kg', 2.5, null, 'e'],
    ]],
  ]],
  ['7318', 'Screws, bolts, nuts and washers', 'Vida, cıvata, somun ve rondelalar', [
    ['731815', 'Other threaded screws and bolts', 'Diğer dişli vida ve cıvatalar', [
      ['731815880000', 'Steel bolts', 'Çelik cıvata', 'kg', 3, null, 'ie'],
    ]],
  ]],
  ['7321', 'Stoves, cookers and barbecues', 'Soba, ocak ve mangallar', [
    ['732111', 'Cooking appliances for gas fuel', 'Gaz yakıtlı pişirme cihazları', [
      ['732111100000', 'Gas cookers', 'Gazlı ocak ve fırın', 'u', 4.5, 35, 'e'],
    ]],
  ]],
  ['7323', 'Household articles of iron or steel', 'Demir veya çelikten ev eşyası', [
    ['732393', 'Household articles of stainless steel', 'Paslanmaz çelikten ev eşyası', [
      ['732393000000', 'Stainless steel cookware', 'Paslanmaz çelik tencere ve tava', 'kg', 6, null, 'e'],
    ]],
  ]],
  ['7326', 'Other articles of iron or steel', 'Demir veya çelikten diğer eşya', [
    ['732690', 'Other articles of iron or steel', 'Demir veya çelikten diğer eşya', [
      ['732690980000', 'Steel fabricated parts', 'Çelik imalat parçaları', 'kg', 3, null, 'ie'],
    ]],
  ]],
  ['7403', 'Refined copper, unwrought', 'İşlenmemiş rafine bakır', [
    ['740311', 'Cathodes of refined copper', 'Rafine bakır katotları', [
      ['740311000000', 'Copper cathodes', 'Bakır katot', 'kg', 8.5, null, 'i'],
    ]],
  ]],
  ['7404', 'Copper waste and scrap', 'Bakır hurda ve döküntüleri', [
    ['740400', 'Copper waste and scrap', 'Bakır hurda ve döküntüleri', [
      ['740400100000', 'Copper scrap', 'Bakır hurdası', 'kg', 7, null, 'i'],
    ]],
  ]],
  ['7408', 'Copper wire', 'Bakır teller', [
    ['740811', 'Refined copper wire, over 6 mm', '6 mm’yi aşan rafine bakır tel', [
      ['740811000000', 'Copper wire rod', 'Bakır filmaşin', 'kg', 9, null, 'e'],
    ]],
  ]],
  ['7411', 'Copper tubes and pipes', 'Bakır tüp ve borular', [
    ['741110', 'Tubes of refined copper', 'Rafine bakırdan borular', [
      ['741110100000', 'Copper tubes', 'Bakır boru', 'kg', 10, null, 'e'],
    ]],
  ]],
  ['7502', 'Unwrought nickel', 'İşlenmemiş nikel', [
    ['750210', 'Nickel, not alloyed', 'Alaşımsız nikel', [
      ['750210000000', 'Nickel cathodes', 'Nikel katot', 'kg', 18, null, 'i'],
    ]],
  ]],
  ['7601', 'Unwrought aluminium', 'İşlenmemiş alüminyum', [
    ['760110', 'Aluminium, not alloyed', 'Alaşımsız alüminyum', [
      ['760110000000', 'Primary aluminium ingots', 'Birincil alüminyum külçe', 'kg', 2.4, null, 'i'],
    ]],
    ['760120', 'Aluminium alloys', 'Alüminyum alaşımları', [
      ['760120800000', 'Aluminium alloy billets', 'Alaşımlı alüminyum biyet', 'kg', 2.6, null, 'i'],
    ]],
  ]],
  ['7602', 'Aluminium waste and scrap', 'Alüminyum hurda ve döküntüleri', [
    ['760200', 'Aluminium waste and scrap', 'Alüminyum hurda ve döküntüleri', [
      ['760200900000', 'Aluminium scrap', 'Alüminyum hurdası', 'kg', 1.8, null, 'i'],
    ]],
  ]],
  ['7604', 'Aluminium bars, rods and profiles', 'Alüminyum çubuk ve profiller', [
    ['760429', 'Profiles of aluminium alloys', 'Alüminyum alaşımlarından profiller', [
      ['760429100000', 'Extruded aluminium profiles', 'Ekstrüde alüminyum profil', 'kg', 4.2, null, 'e'],
    ]],
  ]],
  ['7606', 'Aluminium plates and sheets over 0.2 mm', '0,2 mm’yi aşan alüminyum levha ve saclar', [
    ['760612', 'Rectangular plates of aluminium alloys', 'Alüminyum alaşımlarından dikdörtgen levhalar', [
      ['760612920000', 'Aluminium alloy sheet', 'Alaşımlı alüminyum sac', 'kg', 3.8, null, 'ie'],
    ]],
  ]],
  ['7607', 'Aluminium foil up to 0.2 mm', '0,2 mm’yi geçmeyen alüminyum folyo', [
    ['760711', 'Rolled aluminium foil, not backed', 'Mesnetsiz haddelenmiş alüminyum folyo', [
      ['760711190000', 'Aluminium foil rolls', 'Rulo alüminyum folyo', 'kg', 3.9, null, 'e'],
    ]],
  ]],
  ['7610', 'Aluminium structures and parts', 'Alüminyum inşaat ve aksamı', [
    ['761010', 'Aluminium doors, windows and frames', 'Alüminyum kapı, pencere ve çerçeveler', [
      ['761010000000', 'Aluminium window frames', 'Alüminyum pencere doğraması', 'kg', 7, null, 'e'],
    ]],
  ]],
  ['7901', 'Unwrought zinc', 'İşlenmemiş çinko', [
    ['790111', 'Zinc, not alloyed, 99.99 % or more', '%99,99 veya fazla saflıkta alaşımsız çinko', [
      ['790111000000', 'Special high grade zinc', 'Yüksek saflıkta çinko külçe', 'kg', 3, null, 'i'],
    ]],
  ]],
  ['8207', 'Interchangeable tools for hand or machine tools', 'El ve makine aletleri için değiştirilebilir aletler', [
    ['820790', 'Other interchangeable tools', 'Diğer değiştirilebilir aletler', [
      ['820790780000', 'Carbide cutting inserts', 'Karbür kesici uçlar', 'kg', 25, null, 'i'],
    ]],
  ]],
  ['8211', 'Knives with cutting blades', 'Kesici ağızlı bıçaklar', [
    ['821191', 'Table knives with fixed blades', 'Sabit ağızlı sofra bıçakları', [
      ['821191000000', 'Stainless table knives', 'Paslanmaz sofra bıçağı', 'kg', 10, null, 'e'],
    ]],
  ]],
  ['8301', 'Padlocks and locks of base metal', 'Adi metallerden asma kilit ve kilitler', [
    ['830140', 'Other locks', 'Diğer kilitler', [
      ['830140900000', 'Door locks', 'Kapı kilitleri', 'kg', 8, null, 'e'],
    ]],
  ]],
  ['8302', 'Base metal mountings and fittings', 'Adi metallerden donanım ve tertibat', [
    ['830210', 'Hinges', 'Menteşeler', [
      ['830210000000', 'Steel hinges', 'Çelik menteşe', 'kg', 4.5, null, 'e'],
    ]],
    ['830242', 'Other fittings for furniture', 'Mobilya için diğer donanım', [
      ['830242000000', 'Furniture fittings and drawer slides', 'Mobilya aksesuarı ve çekmece rayları', 'kg', 5, null, 'ie'],
    ]],
  ]],
];
