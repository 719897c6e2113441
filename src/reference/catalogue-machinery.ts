// Catalogue rows for chapters 84–96: machinery, electrical equipment, vehicles, aircraft and
// ships, instruments, furniture, toys and miscellaneous articles.
import type { HeadingRow } from './catalogue.js';

export const MACHINERY: HeadingRow[] = [
  ['8403', 'Central heating boilers', 'Merkezi ısıtma kazanları', [
    ['840310', 'Central heating boilers', 'Merkezi ısıtma kazanları', [
      ['840310900000', 'Wall-hung gas combi boilers', 'Duvar tipi doğal gaz kombisi', 'u', 12, 40, 'e'],
    ]],
  ]],
  ['8407', 'Spark-ignition piston engines', 'Kıvılcım ateşlemeli pistonlu motorlar', [
    ['840734', 'Vehicle engines over 1,000 cm³', '1.000 cm³’ü aşan taşıt motorları', [
      ['840734910000', 'Petrol car engines', 'Benzinli otomobil motoru', 'u', 20, 110, 'ie'],
    ]],
  ]],
  ['8408', 'Compression-ignition engines (diesel)', 'Sıkıştırma ateşlemeli (dizel) motorlar', [
    ['840820', 'Diesel engines for vehicles', 'Taşıtlar için dizel motorlar', [
      ['840820570000', 'Diesel vehicle engines', 'Dizel taşıt motoru', 'u', 18, 350, 'ie'],
    ]],
  ]],
  ['8409', 'Parts for piston engines', 'Pistonlu motor parçaları', [
    ['840991', 'Parts for spark-ignition engines', 'Kıvılcım ateşlemeli motor parçaları', [
      ['840991000000', 'Pistons and cylinder heads for petrol engines', 'Benzinli motor piston ve silindir kapakları', 'kg', 15, null, 'ie'],
    ]],
    ['840999', 'Parts for diesel engines', 'Dizel motor parçaları', [
      ['840999000000', 'Diesel engine parts', 'Dizel motor parçaları', 'kg', 14, null, 'ie'],
    ]],
  ]],
  ['8411', 'Turbojets, turbopropellers and gas turbines', 'Turbojetler, turbo pervaneler ve gaz türbinleri', [
    ['841191', 'Parts of turbojets or turbopropellers', 'Turbojet ve turbo pervane parçaları', [
      ['841191000000', 'Aero-engine parts', 'Uçak motoru parçaları', 'kg', 300, null, 'ie'],
    ]],
  ]],
  ['8413', 'Pumps for liquids', 'Sıvı pompaları', [
    ['841370', 'Other centrifugal pumps', 'Diğer santrifüj pompalar', [
      ['841370350000', 'Centrifugal water pumps', 'Santrifüj su pompası', 'u', 12, 45, 'ie'],
    ]],
    ['841391', 'Parts of pumps', 'Pompa parçaları', [
      ['841391000000', 'Pump parts', 'Pompa parçaları', 'kg', 18, null, 'ie'],
    ]],
  ]],
  ['8414', 'Air pumps, compressors and fans', 'Hava pompaları, kompresörler ve vantilatörler', [
    ['841430', 'Compressors for refrigerating equipment', 'Soğutma cihazları kompresörleri', [
      ['841430810000', 'Hermetic refrigeration compressors', 'Hermetik soğutma kompresörü', 'u', 9, 11, 'ie'],
    ]],
    ['841459', 'Other fans', 'Diğer fanlar', [
      ['841459000000', 'Industrial fans', 'Endüstriyel fanlar', 'kg', 12, null, 'ie'],
    ]],
    ['841480', 'Other air or gas compressors', 'Diğer hava veya gaz kompresörleri', [
      ['841480220000', 'Screw air compressors', 'Vidalı hava kompresörü', 'kg', 13, null, 'ie'],
    ]],
  ]],
  ['8415', 'Air conditioning machines', 'İklimlendirme cihazları', [
    ['841510', 'Window or wall units, self-contained or split', 'Pencere veya duvar tipi, tek parça veya split', [
      ['841510900000', 'Split air conditioners', 'Split klima', 'u', 8, 45, 'ie'],
    ]],
  ]],
  ['8418', 'Refrigerators and freezers', 'Buzdolapları ve dondurucular', [
    ['841810', 'Combined refrigerator-freezers', 'Kombine buzdolabı-dondurucular', [
      ['841810200000', 'Combined refrigerator-freezers', 'Kombi buzdolabı', 'u', 6, 70, 'e'],
    ]],
    ['841821', 'Household compression refrigerators', 'Ev tipi kompresörlü buzdolapları', [
      ['841821100000', 'Household refrigerators', 'Ev tipi buzdolabı', 'u', 5.5, 55, 'e'],
    ]],
    ['841899', 'Parts of refrigerating equipment', 'Soğutma cihazları parçaları', [
      ['841899100000', 'Evaporators and condensers', 'Evaporatör ve kondenserler', 'kg', 8, null, 'ie'],
    ]],
  ]],
  ['8421', 'Centrifuges and filtering machinery', 'Santrifüjler ve filtre cihazları', [
    ['842123', 'Oil or fuel filters for engines', 'Motorlar için yağ veya yakıt filtreleri', [
      ['842123000000', 'Engine oil filters', 'Motor yağ filtresi', 'kg', 8, null, 'ie'],
    ]],
    ['842139', 'Other gas filtering or purifying machinery', 'Diğer gaz filtreleme veya arıtma cihazları', [
      ['842139200000', 'Industrial dust collectors', 'Endüstriyel toz toplayıcılar', 'kg', 15, null, 'ie'],
    ]],
  ]],
  ['8422', 'Dish washing, filling and packing machinery', 'Bulaşık yıkama, doldurma ve paketleme makineleri', [
    ['842211', 'Household dishwashers', 'Ev tipi bulaşık makineleri', [
      ['842211000000', 'Household dishwashers', 'Ev tipi bulaşık makinesi', 'u', 6.5, 45, 'e'],
    ]],
    ['842240', 'Other packing or wrapping machinery', 'Diğer paketleme veya sarma makineleri', [
      ['842240000000', 'Packaging machines', 'Paketleme makineleri', 'kg', 25, null, 'ie'],
    ]],
  ]],
  ['8424', 'Spraying and dispersing appliances', 'Püskürtme ve dağıtma cihazları', [
    ['842482', 'Agricultural or horticultural sprayers', 'Tarım veya bahçecilik püskürtücüleri', [
      ['842482910000', 'Tractor-mounted field sprayers', 'Traktöre monteli tarla pülverizatörü', 'kg', 6, null, 'e'],
    ]],
  ]],
  ['8427', 'Fork-lift trucks and other works trucks', 'Forkliftler ve diğer yükleme araçları', [
    ['842720', 'Other self-propelled works trucks', 'Diğer kendinden hareketli yükleme araçları', [
      ['842720190000', 'Diesel fork-lift trucks', 'Dizel forklift', 'u', 7, 3500, 'ie'],
    ]],
  ]],
  ['8428', 'Lifting, handling and loading machinery', 'Kaldırma, taşıma ve yükleme makineleri', [
    ['842810', 'Lifts and skip hoists', 'Asansörler ve yük kaldırıcılar', [
      ['842810200000', 'Passenger lifts', 'İnsan asansörü', 'u', 8, 2500, 'ie'],
    ]],
  ]],
  ['8429', 'Bulldozers, graders and excavators', 'Buldozer, greyder ve ekskavatörler', [
    ['842952', 'Machinery with a 360° revolving superstructure', '360° dönebilen üst yapılı makineler', [
      ['842952100000', 'Crawler excavators', 'Paletli ekskavatör', 'u', 6, 20000, 'i'],
    ]],
  ]],
  ['8431', 'Parts for lifting and earth-moving machinery', 'Kaldırma ve iş makineleri parçaları', [
    ['843149', 'Other parts of earth-moving machinery', 'İş makinelerinin diğer parçaları', [
      ['843149200000', 'Excavator buckets and parts', 'Ekskavatör kovası ve parçaları', 'kg', 6, null, 'ie'],
    ]],
  ]],
  ['8432', 'Agricultural soil-preparation machinery', 'Toprak hazırlama ve işleme makineleri', [
    ['843280', 'Other soil machinery', 'Diğer toprak işleme makineleri', [
      ['843280000000', 'Rotary tillers and cultivators', 'Çapa makinesi ve kültivatörler', 'kg', 4, null, 'e'],
    ]],
  ]],
  ['8433', 'Harvesting and threshing machinery', 'Hasat ve harman makineleri', [
    ['843351', 'Combine harvester-threshers', 'Biçerdöverler', [
      ['843351000000', 'Combine harvesters', 'Biçerdöver', 'u', 10, 12000, 'i'],
    ]],
  ]],
  ['8443', 'Printing machinery and printers', 'Baskı makineleri ve yazıcılar', [
    ['844332', 'Printers connectable to a computer', 'Bilgisayara bağlanabilen yazıcılar', [
      ['844332800000', 'Laser printers', 'Lazer yazıcı', 'u', 25, 8, 'i'],
    ]],
    ['844391', 'Parts of printing machinery', 'Baskı makinesi parçaları', [
      ['844391990000', 'Printing machine parts', 'Baskı makinesi parçaları', 'kg', 40, null, 'i'],
    ]],
  ]],
  ['8447', 'Knitting and similar machines', 'Örme ve benzeri makineler', [
    ['844712', 'Circular knitting machines, cylinder over 165 mm', 'Silindir çapı 165 mm’yi aşan yuvarlak örme makineleri', [
      ['844712000000', 'Circular knitting machines', 'Yuvarlak örme makinesi', 'u', 20, 3000, 'i'],
    ]],
  ]],
  ['8450', 'Household or laundry washing machines', 'Ev veya çamaşırhane tipi çamaşır makineleri', [
    ['845011', 'Fully automatic machines up to 10 kg', '10 kg’a kadar tam otomatik makineler', [
      ['845011900000', 'Front-loading washing machines', 'Önden yüklemeli çamaşır makinesi', 'u', 4.8, 65, 'e'],
    ]],
  ]],
  ['8451', 'Textile washing, finishing and dyeing machinery', 'Tekstil yıkama, terbiye ve boyama makineleri', [
    ['845140', 'Washing, bleaching or dyeing machines', 'Yıkama, ağartma veya boyama makineleri', [
      ['845140000000', 'Fabric dyeing machines', 'Kumaş boyama makinesi', 'kg', 15, null, 'ie'],
    ]],
  ]],
  ['8457', 'Machining centres for working metal', 'Metal işleme merkezleri', [
    ['845710', 'Machining centres', 'İşleme merkezleri', [
      ['845710900000', 'CNC vertical machining centres', 'CNC dik işleme merkezi', 'u', 20, 6000, 'i'],
    ]],
  ]],
  ['8462', 'Metal forming machine tools and presses', 'Metal şekillendirme takım tezgahları ve presler', [
    ['846261', 'Hydraulic presses', 'Hidrolik presler', [
      ['846261000000', 'Hydraulic presses', 'Hidrolik pres', 'u', 8, 15000, 'ie'],
    ]],
  ]],
  ['8466', 'Parts and accessories for machine tools', 'Takım tezgahları için aksam ve parçalar', [
    ['846693', 'Parts for metal-cutting machine tools', 'Metal kesme tezgahları parçaları', [
      ['846693400000', 'Machine tool parts', 'Tezgah parçaları', 'kg', 30, null, 'i'],
    ]],
  ]],
  ['8471', 'Computers and units thereof', 'Bilgisayarlar ve birimleri', [
    ['847130', 'Portable computers up to 10 kg', '10 kg’ı geçmeyen taşınabilir bilgisayarlar', [
      ['847130000000', 'Laptop computers', 'Dizüstü bilgisayar', 'u', 300, 2.2, 'i'],
    ]],
    ['847150', 'Processing units', 'İşlem birimleri', [
      ['847150000000', 'Servers and desktop units', 'Sunucu ve masaüstü kasalar', 'u', 120, 10, 'i'],
    ]],
    ['847170', 'Storage units', 'Depolama birimleri', [
      ['847170980000', 'Solid-state drives', 'Katı hal sürücüleri', 'u', 200, 0.5, 'i'],
    ]],
  ]],
  ['8473', 'Parts of office machines and computers', 'Büro makineleri ve bilgisayar parçaları', [
    ['847330', 'Parts of computers', 'Bilgisayar parçaları', [
      ['847330800000', 'Computer parts and boards', 'Bilgisayar parça ve kartları', 'kg', 150, null, 'i'],
    ]],
  ]],
  ['8477', 'Machinery for working rubber or plastics', 'Kauçuk veya plastik işleme makineleri', [
    ['847710', 'Injection-moulding machines', 'Enjeksiyon kalıplama makineleri', [
      ['847710000000', 'Plastic injection machines', 'Plastik enjeksiyon makinesi', 'u', 10, 8000, 'ie'],
    ]],
  ]],
  ['8479', 'Machines with individual functions n.e.s.', 'Kendine özgü fonksiyonlu diğer makineler', [
    ['847989', 'Other machines with individual functions', 'Kendine özgü fonksiyonlu diğer makineler', [
      ['847989970000', 'Special-purpose industrial machines', 'Özel amaçlı sanayi makineleri', 'kg', 30, null, 'ie'],
    ]],
  ]],
  ['8481', 'Taps, cocks and valves', 'Musluklar, vanalar ve valfler', [
    ['848180', 'Other taps, cocks and valves', 'Diğer musluk, vana ve valfler', [
      ['848180810000', 'Brass taps and ball valves', 'Pirinç musluk ve küresel vanalar', 'kg', 14, null, 'ie'],
    ]],
    ['848190', 'Parts of taps and valves', 'Musluk ve vana parçaları', [
      ['848190000000', 'Valve parts', 'Vana parçaları', 'kg', 15, null, 'ie'],
    ]],
  ]],
  ['8482', 'Ball or roller bearings', 'Bilyalı veya makaralı rulmanlar', [
    ['848210', 'Ball bearings', 'Bilyalı rulmanlar', [
      ['848210900000', 'Deep-groove ball bearings', 'Sabit bilyalı rulman', 'kg', 10, null, 'i'],
    ]],
  ]],
  ['8483', 'Transmission shafts, bearings housings and gears', 'Transmisyon milleri, yataklar ve dişliler', [
    ['848310', 'Transmission shafts and cranks', 'Transmisyon milleri ve kranklar', [
      ['848310950000', 'Drive shafts and crankshafts', 'Tahrik ve krank milleri', 'kg', 10, null, 'ie'],
    ]],
    ['848340', 'Gears, gearing and gear boxes', 'Dişliler ve dişli kutuları', [
      ['848340900000', 'Industrial gearboxes', 'Endüstriyel redüktörler', 'kg', 15, null, 'ie'],
    ]],
  ]],
  ['8501', 'Electric motors and generators', 'Elektrik motorları ve jeneratörleri', [
    ['850152', 'AC multi-phase motors, 750 W–75 kW', 'Çok fazlı AC motorlar, 750 W–75 kW', [
      ['850152200000', 'Three-phase induction motors', 'Üç fazlı asenkron motor', 'u', 9, 25, 'ie'],
    ]],
    ['850161', 'AC generators up to 75 kVA', '75 kVA’yı geçmeyen AC jeneratörler', [
      ['850161200000', 'Alternators', 'Alternatörler', 'u', 8, 150, 'e'],
    ]],
  ]],
  ['8502', 'Electric generating sets', 'Elektrojen grupları', [
    ['850212', 'Diesel generating sets, 75–375 kVA', 'Dizel jeneratör grupları, 75–375 kVA', [
      ['850212000000', 'Medium diesel generator sets', 'Orta güçte dizel jeneratör', 'u', 10, 2000, 'e'],
    ]],
    ['850213', 'Diesel generating sets over 375 kVA', '375 kVA’yı aşan dizel jeneratör grupları', [
      ['850213400000', 'Large diesel generator sets', 'Büyük güçte dizel jeneratör', 'u', 12, 5000, 'e'],
    ]],
  ]],
  ['8504', 'Transformers, static converters and inductors', 'Transformatörler, statik konvertörler ve endüktörler', [
    ['850421', 'Liquid dielectric transformers up to 650 kVA', '650 kVA’yı geçmeyen sıvı dielektrikli transformatörler', [
      ['850421000000', 'Distribution transformers', 'Dağıtım trafosu', 'u', 6, 1500, 'e'],
    ]],
    ['850423', 'Liquid dielectric transformers over 10,000 kVA', '10.000 kVA’yı aşan sıvı dielektrikli transformatörler', [
      ['850423000000', 'Power transformers', 'Güç trafosu', 'u', 12, 60000, 'e'],
    ]],
    ['850440', 'Static converters', 'Statik konvertörler', [
      ['850440300000', 'Inverters and power supplies', 'İnvertörler ve güç kaynakları', 'kg', 30, null, 'ie'],
    ]],
  ]],
  ['8507', 'Electric accumulators', 'Elektrik akümülatörleri', [
    ['850710', 'Lead-acid accumulators for starting engines', 'Motor marşı için kurşun asitli aküler', [
      ['850710200000', 'Car starter batteries', 'Otomobil aküsü', 'u', 3.5, 17, 'ie'],
    ]],
    ['850760', 'Lithium-ion accumulators', 'Lityum iyon akümülatörler', [
      ['850760000000', 'Lithium-ion battery packs', 'Lityum iyon batarya paketleri', 'kg', 25, null, 'i'],
    ]],
  ]],
  ['8508', 'Vacuum cleaners', 'Elektrikli süpürgeler', [
    ['850811', 'Vacuum cleaners up to 1,500 W', '1.500 W’ı geçmeyen elektrikli süpürgeler', [
      ['850811000000', 'Household vacuum cleaners', 'Ev tipi elektrikli süpürge', 'u', 12, 5, 'ie'],
    ]],
  ]],
  ['8512', 'Electrical lighting and signalling for vehicles', 'Taşıtlar için elektrikli aydınlatma ve sinyal cihazları', [
    ['851220', 'Other lighting or visual signalling equipment', 'Diğer aydınlatma veya görsel sinyal cihazları', [
      ['851220000000', 'Vehicle headlamps and tail lamps', 'Araç far ve stop lambaları', 'kg', 15, null, 'ie'],
    ]],
  ]],
  ['8516', 'Electric heaters, ovens and domestic appliances', 'Elektrikli ısıtıcılar, fırınlar ve ev aletleri', [
    ['851610', 'Electric water heaters', 'Elektrikli su ısıtıcıları', [
      ['851610800000', 'Electric storage water heaters', 'Elektrikli termosifon', 'u', 6, 20, 'e'],
    ]],
    ['851660', 'Other ovens, cookers and hobs', 'Diğer fırınlar, ocaklar ve pişiriciler', [
      ['851660100000', 'Electric built-in ovens', 'Ankastre elektrikli fırın', 'u', 6, 35, 'e'],
    ]],
    ['851671', 'Coffee or tea makers', 'Kahve veya çay makineleri', [
      ['851671000000', 'Electric tea and coffee machines', 'Elektrikli çay ve kahve makinesi', 'u', 15, 2, 'e'],
    ]],
  ]],
  ['8517', 'Telephones and network equipment', 'Telefonlar ve ağ cihazları', [
    ['851713', 'Smartphones', 'Akıllı telefonlar', [
      ['851713000000', 'Smartphones', 'Akıllı telefon', 'u', 900, 0.35, 'i'],
    ]],
    ['851762', 'Machines for receiving and transmitting data', 'Veri alma ve iletme cihazları', [
      ['851762000000', 'Routers and network switches', 'Yönlendirici ve ağ anahtarları', 'kg', 150, null, 'i'],
    ]],
  ]],
  ['8528', 'Monitors, projectors and television receivers', 'Monitörler, projektörler ve televizyon alıcıları', [
    ['852852', 'Monitors connectable to a computer', 'Bilgisayara bağlanabilen monitörler', [
      ['852852910000', 'LCD computer monitors', 'LCD bilgisayar monitörü', 'u', 25, 5, 'i'],
    ]],
    ['852872', 'Other colour television receivers', 'Diğer renkli televizyon alıcıları', [
      ['852872000000', 'LED televisions', 'LED televizyon', 'u', 15, 15, 'e'],
    ]],
  ]],
  ['8529', 'Parts for radio, television and radar apparatus', 'Radyo, televizyon ve radar cihazı parçaları', [
    ['852990', 'Other parts', 'Diğer parçalar', [
      ['852990920000', 'Display panels and TV parts', 'Ekran panelleri ve TV parçaları', 'kg', 40, null, 'i'],
    ]],
  ]],
  ['8536', 'Switches and connectors up to 1,000 V', '1.000 V’u geçmeyen anahtarlar ve bağlantı parçaları', [
    ['853650', 'Other switches', 'Diğer anahtarlar', [
      ['853650800000', 'Wall switches and sockets', 'Anahtar ve prizler', 'kg', 25, null, 'ie'],
    ]],
    ['853690', 'Other apparatus for connecting circuits', 'Devre bağlantısı için diğer cihazlar', [
      ['853690100000', 'Electrical connectors and terminals', 'Elektrik konnektör ve klemensleri', 'kg', 28, null, 'ie'],
    ]],
  ]],
  ['8537', 'Boards and panels for electric control', 'Elektrik kontrol tabloları ve panoları', [
    ['853710', 'Control panels for up to 1,000 V', '1.000 V’u geçmeyen kontrol panoları', [
      ['853710980000', 'Low-voltage switchboards', 'Alçak gerilim panoları', 'kg', 35, null, 'ie'],
    ]],
  ]],
  ['8539', 'Electric lamps and LED light sources', 'Elektrik lambaları ve LED ışık kaynakları', [
    ['853952', 'LED lamps', 'LED lambalar', [
      ['853952000000', 'LED bulbs', 'LED ampul', 'u', 12, 0.08, 'ie'],
    ]],
  ]],
  ['8541', 'Semiconductor devices and photovoltaic cells', 'Yarı iletken cihazlar ve fotovoltaik hücreler', [
    ['854143', 'Photovoltaic cells assembled in modules', 'Modül halinde birleştirilmiş fotovoltaik hücreler', [
      ['854143000000', 'Solar panels', 'Güneş paneli', 'u', 6, 22, 'i'],
    ]],
  ]],
  ['8542', 'Electronic integrated circuits', 'Elektronik entegre devreler', [
    ['854231', 'Processors and controllers', 'İşlemciler ve kontrolörler', [
      ['854231900000', 'Microcontrollers and processors', 'Mikrodenetleyici ve işlemciler', 'kg', 2000, null, 'i'],
    ]],
    ['854232', 'Memories', 'Bellekler', [
      ['854232000000', 'Memory chips', 'Bellek yongaları', 'kg', 1500, null, 'i'],
    ]],
  ]],
  ['8544', 'Insulated wire and cable', 'İzole edilmiş tel ve kablolar', [
    ['854430', 'Ignition and other wiring sets for vehicles', 'Taşıtlar için ateşleme ve diğer kablo takımları', [
      ['854430000000', 'Vehicle wiring harnesses', 'Araç kablo demeti', 'kg', 18, null, 'ie'],
    ]],
    ['854442', 'Conductors up to 1,000 V with connectors', 'Konnektörlü, 1.000 V’u geçmeyen iletkenler', [
      ['854442900000', 'Cable assemblies with connectors', 'Konnektörlü kablo setleri', 'kg', 12, null, 'ie'],
    ]],
    ['854449', 'Other conductors up to 1,000 V', '1.000 V’u geçmeyen diğer iletkenler', [
      ['854449930000', 'Low-voltage power cables', 'Alçak gerilim enerji kablosu', 'kg', 8, null, 'e'],
    ]],
    ['854460', 'Conductors over 1,000 V', '1.000 V’u aşan iletkenler', [
      ['854460900000', 'Medium- and high-voltage cables', 'Orta ve yüksek gerilim kablosu', 'kg', 7, null, 'e'],
    ]],
  ]],
  ['8701', 'Tractors', 'Traktörler', [
    ['870121', 'Road tractors with diesel engine only', 'Yalnız dizel motorlu yol çekicileri', [
      ['870121100000', 'Truck tractor units', 'Tır çekicisi', 'u', 11, 8000, 'ie'],
    ]],
    ['870193', 'Agricultural tractors, 37–75 kW', 'Tarım traktörleri, 37–75 kW', [
      ['870193100000', 'Agricultural tractors', 'Tarım traktörü', 'u', 9, 3200, 'e'],
    ]],
  ]],
  ['8702', 'Buses and coaches', 'Otobüs ve minibüsler', [
    ['870210', 'Buses with diesel engine only', 'Yalnız dizel motorlu otobüsler', [
      ['870210110000', 'Diesel coaches and city buses', 'Dizel şehirlerarası ve şehir içi otobüs', 'u', 15, 12000, 'e'],
    ]],
  ]],
  ['8703', 'Motor cars for the transport of persons', 'Binek otomobiller', [
    ['870322', 'Petrol cars, 1,000–1,500 cm³', 'Benzinli otomobiller, 1.000–1.500 cm³', [
      ['870322109011', 'Petrol passenger cars, 1.0–1.5 l', 'Benzinli binek otomobil, 1,0–1,5 l', 'u', 17, 1200, 'ie'],
    ]],
    ['870323', 'Petrol cars, 1,500–3,000 cm³', 'Benzinli otomobiller, 1.500–3.000 cm³', [
      ['870323190000', 'Petrol passenger cars, 1.5–3.0 l', 'Benzinli binek otomobil, 1,5–3,0 l', 'u', 22, 1450, 'ie'],
    ]],
    ['870332', 'Diesel cars, 1,500–2,500 cm³', 'Dizel otomobiller, 1.500–2.500 cm³', [
      ['870332190000', 'Diesel passenger cars, 1.5–2.5 l', 'Dizel binek otomobil, 1,5–2,5 l', 'u', 20, 1500, 'ie'],
    ]],
    ['870340', 'Hybrid cars, petrol and electric, not plug-in', 'Şarj edilemeyen benzinli-elektrikli hibrit otomobiller', [
      ['870340100000', 'Hybrid passenger cars', 'Hibrit binek otomobil', 'u', 23, 1600, 'ie'],
    ]],
    ['870380', 'Cars with electric motor only', 'Yalnız elektrik motorlu otomobiller', [
      ['870380100000', 'Battery electric cars', 'Elektrikli binek otomobil', 'u', 25, 2000, 'ie'],
    ]],
  ]],
  ['8704', 'Motor vehicles for the transport of goods', 'Eşya taşımaya mahsus motorlu taşıtlar', [
    ['870421', 'Diesel goods vehicles up to 5 t', '5 tonu geçmeyen dizel yük taşıtları', [
      ['870421310000', 'Light commercial vans', 'Hafif ticari araç (panelvan)', 'u', 15, 1900, 'e'],
    ]],
    ['870423', 'Diesel goods vehicles over 20 t', '20 tonu aşan dizel yük taşıtları', [
      ['870423910000', 'Heavy trucks', 'Ağır kamyon', 'u', 12, 9000, 'ie'],
    ]],
  ]],
  ['8707', 'Bodies for motor vehicles', 'Motorlu taşıt karoserileri', [
    ['870790', 'Other bodies', 'Diğer karoseriler', [
      ['870790900000', 'Truck and bus bodies', 'Kamyon ve otobüs karoserisi', 'kg', 6, null, 'e'],
    ]],
  ]],
  ['8708', 'Parts and accessories of motor vehicles', 'Motorlu taşıt aksam ve parçaları', [
    ['870810', 'Bumpers and parts', 'Tamponlar ve parçaları', [
      ['870810900000', 'Bumpers', 'Tamponlar', 'kg', 8, null, 'ie'],
    ]],
    ['870821', 'Safety seat belts', 'Emniyet kemerleri', [
      ['870821100000', 'Seat belts', 'Emniyet kemeri', 'kg', 15, null, 'ie'],
    ]],
    ['870829', 'Other parts and accessories of bodies', 'Karoserinin diğer aksam ve parçaları', [
      ['870829900000', 'Body panels and door modules', 'Kaporta panelleri ve kapı modülleri', 'kg', 7, null, 'ie'],
    ]],
    ['870830', 'Brakes and servo-brakes', 'Frenler ve servo frenler', [
      ['870830910000', 'Brake discs, pads and callipers', 'Fren diski, balata ve kaliperler', 'kg', 7, null, 'ie'],
    ]],
    ['870840', 'Gear boxes', 'Vites kutuları', [
      ['870840200000', 'Gear boxes', 'Şanzımanlar', 'kg', 10, null, 'ie'],
    ]],
    ['870850', 'Drive axles with differential', 'Diferansiyelli tahrik aksları', [
      ['870850200000', 'Drive axles', 'Tahrik aksları', 'kg', 7, null, 'ie'],
    ]],
    ['870870', 'Road wheels and parts', 'Tekerlekler ve parçaları', [
      ['870870100000', 'Alloy and steel wheels', 'Alaşım ve çelik jantlar', 'kg', 5, null, 'ie'],
    ]],
    ['870880', 'Suspension systems and shock absorbers', 'Süspansiyon sistemleri ve amortisörler', [
      ['870880350000', 'Shock absorbers', 'Amortisörler', 'kg', 6, null, 'ie'],
    ]],
    ['870891', 'Radiators and parts', 'Radyatörler ve parçaları', [
      ['870891200000', 'Engine radiators', 'Motor radyatörü', 'kg', 9, null, 'e'],
    ]],
    ['870892', 'Silencers and exhaust pipes', 'Susturucular ve egzoz boruları', [
      ['870892200000', 'Exhaust systems', 'Egzoz sistemleri', 'kg', 6, null, 'e'],
    ]],
    ['870894', 'Steering wheels, columns and boxes', 'Direksiyon simidi, mili ve kutuları', [
      ['870894200000', 'Steering columns and racks', 'Direksiyon mili ve kutusu', 'kg', 9, null, 'ie'],
    ]],
    ['870895', 'Safety airbags and parts', 'Hava yastıkları ve parçaları', [
      ['870895100000', 'Airbag modules', 'Hava yastığı modülleri', 'kg', 25, null, 'ie'],
    ]],
    ['870899', 'Other parts and accessories', 'Diğer aksam ve parçalar', [
      ['870899970000', 'Other vehicle parts', 'Diğer taşıt parçaları', 'kg', 8, null, 'ie'],
    ]],
  ]],
  ['8711', 'Motorcycles', 'Motosikletler', [
    ['871120', 'Motorcycles, 50–250 cm³', 'Motosikletler, 50–250 cm³', [
      ['871120920000', 'Motorcycles and scooters, 125 cm³', '125 cm³ motosiklet ve skuter', 'u', 10, 110, 'i'],
    ]],
  ]],
  ['8712', 'Bicycles', 'Bisikletler', [
    ['871200', 'Bicycles, not motorised', 'Motorsuz bisikletler', [
      ['871200300000', 'Bicycles', 'Bisiklet', 'u', 12, 15, 'ie'],
    ]],
  ]],
  ['8716', 'Trailers and semi-trailers', 'Römorklar ve yarı römorklar', [
    ['871639', 'Other trailers for the transport of goods', 'Eşya taşımaya mahsus diğer römorklar', [
      ['871639800000', 'Curtain-sider semi-trailers', 'Tenteli yarı römork', 'u', 3.5, 6500, 'e'],
    ]],
    ['871690', 'Parts of trailers', 'Römork parçaları', [
      ['871690900000', 'Trailer parts', 'Römork parçaları', 'kg', 4, null, 'e'],
    ]],
  ]],
  ['8802', 'Aircraft and spacecraft', 'Hava taşıtları ve uzay araçları', [
    ['880240', 'Aeroplanes over 15,000 kg unladen', 'Boş ağırlığı 15.000 kg’ı aşan uçaklar', [
      ['880240000000', 'Commercial passenger jets', 'Ticari yolcu uçağı', 'u', 2000, 45000, 'i'],
    ]],
  ]],
  ['8807', 'Parts of aircraft and drones', 'Hava taşıtları ve insansız hava araçları parçaları', [
    ['880730', 'Other parts of aeroplanes, helicopters or drones', 'Uçak, helikopter veya İHA’ların diğer parçaları', [
      ['880730000000', 'Aircraft structural parts', 'Uçak gövde parçaları', 'kg', 200, null, 'ie'],
    ]],
  ]],
  ['8901', 'Cruise ships, ferries and cargo vessels', 'Yolcu gemileri, feribotlar ve yük gemileri', [
    ['890190', 'Other vessels for goods and passengers', 'Eşya ve yolcu taşıyan diğer gemiler', [
      ['890190100000', 'General cargo ships', 'Genel kargo gemisi', 'u', 3, 3000000, 'e'],
    ]],
  ]],
  ['9001', 'Optical fibres and lenses', 'Optik lifler ve mercekler', [
    ['900130', 'Contact lenses', 'Kontak lensler', [
      ['900130000000', 'Contact lenses', 'Kontak lens', 'kg', 500, null, 'i'],
    ]],
  ]],
  ['9004', 'Spectacles and goggles', 'Gözlükler', [
    ['900410', 'Sunglasses', 'Güneş gözlükleri', [
      ['900410910000', 'Sunglasses', 'Güneş gözlüğü', 'u', 150, 0.05, 'i'],
    ]],
  ]],
  ['9018', 'Medical, surgical and dental instruments', 'Tıbbi, cerrahi ve dişçilik alet ve cihazları', [
    ['901831', 'Syringes', 'Şırıngalar', [
      ['901831100000', 'Disposable syringes', 'Tek kullanımlık şırınga', 'kg', 15, null, 'ie'],
    ]],
    ['901839', 'Needles, catheters and cannulae', 'İğneler, kateterler ve kanüller', [
      ['901839000000', 'Catheters and cannulae', 'Kateter ve kanüller', 'kg', 60, null, 'ie'],
    ]],
    ['901890', 'Other medical instruments', 'Diğer tıbbi alet ve cihazlar', [
      ['901890840000', 'Surgical and diagnostic instruments', 'Cerrahi ve teşhis aletleri', 'kg', 80, null, 'ie'],
    ]],
  ]],
  ['9021', 'Orthopaedic appliances and implants', 'Ortopedik cihazlar ve implantlar', [
    ['902131', 'Artificial joints', 'Yapay eklemler', [
      ['902131000000', 'Hip and knee implants', 'Kalça ve diz protezleri', 'kg', 600, null, 'i'],
    ]],
  ]],
  ['9022', 'X-ray and radiation apparatus', 'Röntgen ve radyasyon cihazları', [
    ['902214', 'Other X-ray apparatus for medical use', 'Tıbbi kullanım için diğer röntgen cihazları', [
      ['902214000000', 'Medical X-ray systems', 'Tıbbi röntgen sistemleri', 'u', 120, 600, 'i'],
    ]],
  ]],
  ['9026', 'Instruments for measuring flow, level or pressure', 'Akış, seviye veya basınç ölçü aletleri', [
    ['902620', 'Instruments for measuring pressure', 'Basınç ölçme aletleri', [
      ['902620800000', 'Pressure transmitters', 'Basınç transmitterleri', 'kg', 90, null, 'i'],
    ]],
  ]],
  ['9027', 'Instruments for physical or chemical analysis', 'Fiziksel veya kimyasal analiz cihazları', [
    ['902750', 'Other instruments using optical radiation', 'Optik ışınım kullanan diğer cihazlar', [
      ['902750000000', 'Spectrophotometers', 'Spektrofotometreler', 'kg', 200, null, 'i'],
    ]],
  ]],
  ['9031', 'Measuring or checking instruments n.e.s.', 'Başka yerde belirtilmeyen ölçme veya kontrol cihazları', [
    ['903180', 'Other measuring or checking instruments', 'Diğer ölçme veya kontrol cihazları', [
      ['903180800000', 'Industrial test instruments', 'Endüstriyel test cihazları', 'kg', 150, null, 'i'],
    ]],
  ]],
  ['9032', 'Automatic regulating or controlling instruments', 'Otomatik ayar veya kontrol cihazları', [
    ['903289', 'Other automatic regulating instruments', 'Diğer otomatik ayar cihazları', [
      ['903289000000', 'Electronic controllers', 'Elektronik kontrol cihazları', 'kg', 80, null, 'ie'],
    ]],
  ]],
  ['9102', 'Wrist-watches, not of precious metal', 'Kıymetli metal olmayan kol saatleri', [
    ['910211', 'Battery wrist-watches with mechanical display', 'Mekanik göstergeli pilli kol saatleri', [
      ['910211000000', 'Quartz analogue wrist-watches', 'Analog quartz kol saati', 'u', 300, 0.05, 'i'],
    ]],
  ]],
  ['9401', 'Seats', 'Oturmaya mahsus mobilyalar', [
    ['940141', 'Wooden seats convertible into beds', 'Yatak haline getirilebilen ahşap oturma mobilyaları', [
      ['940141000000', 'Sofa beds', 'Çek yat kanepe', 'u', 5, 60, 'e'],
    ]],
    ['940161', 'Upholstered seats with wooden frames', 'Ahşap iskeletli döşemeli oturma mobilyaları', [
      ['940161000000', 'Upholstered sofas and armchairs', 'Döşemeli kanepe ve koltuklar', 'u', 6, 35, 'e'],
    ]],
    ['940171', 'Upholstered seats with metal frames', 'Metal iskeletli döşemeli oturma mobilyaları', [
      ['940171000000', 'Upholstered office chairs', 'Döşemeli ofis sandalyesi', 'u', 7, 20, 'e'],
    ]],
    ['940199', 'Parts of seats, other than of wood', 'Ahşap dışındaki oturma mobilyası parçaları', [
      ['940199900000', 'Seat parts', 'Koltuk parçaları', 'kg', 4, null, 'e'],
    ]],
  ]],
  ['9403', 'Other furniture', 'Diğer mobilyalar', [
    ['940320', 'Other metal furniture', 'Diğer metal mobilyalar', [
      ['940320800000', 'Metal shelving and furniture', 'Metal raf ve mobilyalar', 'kg', 4, null, 'e'],
    ]],
    ['940330', 'Wooden office furniture', 'Ahşap büro mobilyaları', [
      ['940330990000', 'Wooden office desks and cabinets', 'Ahşap büro masa ve dolapları', 'kg', 3, null, 'e'],
    ]],
    ['940340', 'Wooden kitchen furniture', 'Ahşap mutfak mobilyaları', [
      ['940340900000', 'Kitchen cabinets', 'Mutfak dolapları', 'kg', 3.5, null, 'e'],
    ]],
    ['940350', 'Wooden bedroom furniture', 'Ahşap yatak odası mobilyaları', [
      ['940350000000', 'Bedroom sets', 'Yatak odası takımı', 'kg', 3.2, null, 'e'],
    ]],
    ['940360', 'Other wooden furniture', 'Diğer ahşap mobilyalar', [
      ['940360900000', 'Dining and living-room furniture', 'Yemek ve oturma odası mobilyaları', 'kg', 3, null, 'e'],
    ]],
  ]],
  ['9404', 'Mattresses and bedding', 'Yataklar ve yatak takımları', [
    ['940421', 'Mattresses of cellular rubber or plastics', 'Hücreli kauçuk veya plastikten yataklar', [
      ['940421900000', 'Foam mattresses', 'Sünger yatak', 'u', 6, 20, 'e'],
    ]],
    ['940429', 'Mattresses of other materials', 'Diğer maddelerden yataklar', [
      ['940429900000', 'Spring mattresses', 'Yaylı yatak', 'u', 5, 30, 'e'],
    ]],
    ['940490', 'Quilts, pillows and cushions', 'Yorgan, yastık ve minderler', [
      ['940490900000', 'Quilts and pillows', 'Yorgan ve yastıklar', 'kg', 6, null, 'e'],
    ]],
  ]],
  ['9405', 'Luminaires and lighting fittings', 'Aydınlatma cihazları', [
    ['940511', 'Chandeliers and ceiling fittings for LED', 'LED için avize ve tavan armatürleri', [
      ['940511000000', 'LED ceiling lights and chandeliers', 'LED tavan armatürü ve avizeler', 'kg', 10, null, 'ie'],
    ]],
  ]],
  ['9406', 'Prefabricated buildings', 'Prefabrik yapılar', [
    ['940690', 'Other prefabricated buildings', 'Diğer prefabrik yapılar', [
      ['940690900000', 'Prefabricated steel buildings', 'Prefabrik çelik yapılar', 'kg', 1.5, null, 'e'],
    ]],
  ]],
  ['9503', 'Toys and models', 'Oyuncaklar ve modeller', [
    ['950300', 'Toys, scale models and puzzles', 'Oyuncaklar, maketler ve yapbozlar', [
      ['950300990000', 'Plastic toys', 'Plastik oyuncaklar', 'kg', 8, null, 'i'],
    ]],
  ]],
  ['9504', 'Video game consoles and table games', 'Video oyun konsolları ve masa oyunları', [
    ['950450', 'Video game consoles and machines', 'Video oyun konsolları ve makineleri', [
      ['950450000000', 'Video game consoles', 'Video oyun konsolu', 'u', 100, 3, 'i'],
    ]],
  ]],
  ['9506', 'Sports, gymnastics and outdoor equipment', 'Spor, jimnastik ve açık hava malzemeleri', [
    ['950691', 'Gymnastics and fitness equipment', 'Jimnastik ve fitness aletleri', [
      ['950691900000', 'Fitness machines', 'Fitness aletleri', 'kg', 4, null, 'ie'],
    ]],
  ]],
  ['9603', 'Brooms and brushes', 'Süpürgeler ve fırçalar', [
    ['960321', 'Toothbrushes', 'Diş fırçaları', [
      ['960321000000', 'Toothbrushes', 'Diş fırçası', 'u', 15, 0.02, 'e'],
    ]],
  ]],
  ['9608', 'Ball-point pens and other pens', 'Tükenmez ve diğer kalemler', [
    ['960810', 'Ball-point pens', 'Tükenmez kalemler', [
      ['960810920000', 'Ball-point pens', 'Tükenmez kalem', 'u', 12, 0.01, 'ie'],
    ]],
  ]],
  ['9619', 'Sanitary towels, tampons and napkins', 'Hijyenik ped, tampon ve bebek bezleri', [
    ['961900', 'Sanitary towels, tampons, napkins and similar', 'Hijyenik ped, tampon, bebek bezi ve benzerleri', [
      ['961900710000', 'Baby diapers', 'Bebek bezi', 'kg', 3.2, null, 'e'],
      ['961900790000', 'Sanitary towels', 'Hijyenik ped', 'kg', 3.8, null, 'e'],
    ]],
  ]],
];
