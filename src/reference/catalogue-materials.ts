// Catalogue rows for chapters 25–49: minerals, fuels, chemicals, plastics, rubber, leather,
// wood and paper.
import type { HeadingRow } from './catalogue.js';

export const MATERIALS: HeadingRow[] = [
  ['2515', 'Marble and travertine, crude or roughly cut', 'Ham veya kabaca yontulmuş mermer ve traverten', [
    ['251511', 'Marble and travertine, crude or roughly trimmed', 'Ham veya kabaca yontulmuş mermer', [
      ['251511000000', 'Marble blocks', 'Mermer blok', 'kg', 0.25, null, 'e'],
    ]],
  ]],
  ['2523', 'Portland cement and clinker', 'Portland çimentosu ve klinker', [
    ['252310', 'Cement clinker', 'Çimento klinkeri', [
      ['252310000000', 'Cement clinker', 'Klinker', 'kg', 0.045, null, 'e'],
    ]],
    ['252329', 'Other Portland cement', 'Diğer portland çimentosu', [
      ['252329000000', 'Grey Portland cement', 'Gri portland çimentosu', 'kg', 0.06, null, 'e'],
    ]],
  ]],
  ['2528', 'Natural borates', 'Tabii boratlar', [
    ['252800', 'Natural borates and concentrates', 'Tabii boratlar ve konsantreleri', [
      ['252800000000', 'Colemanite and ulexite concentrates', 'Kolemanit ve üleksit konsantresi', 'kg', 0.4, null, 'e'],
    ]],
  ]],
  ['2601', 'Iron ores and concentrates', 'Demir cevherleri ve konsantreleri', [
    ['260111', 'Iron ores, non-agglomerated', 'Aglomere edilmemiş demir cevheri', [
      ['260111000000', 'Iron ore fines', 'Toz demir cevheri', 'kg', 0.11, null, 'i'],
    ]],
    ['260112', 'Iron ores, agglomerated', 'Aglomere edilmiş demir cevheri', [
      ['260112000000', 'Iron ore pellets', 'Pelet demir cevheri', 'kg', 0.14, null, 'i'],
    ]],
  ]],
  ['2603', 'Copper ores and concentrates', 'Bakır cevherleri ve konsantreleri', [
    ['260300', 'Copper ores and concentrates', 'Bakır cevherleri ve konsantreleri', [
      ['260300000000', 'Copper concentrate', 'Bakır konsantresi', 'kg', 2.2, null, 'ie'],
    ]],
  ]],
  ['2608', 'Zinc ores and concentrates', 'Çinko cevherleri ve konsantreleri', [
    ['260800', 'Zinc ores and concentrates', 'Çinko cevherleri ve konsantreleri', [
      ['260800000000', 'Zinc concentrate', 'Çinko konsantresi', 'kg', 0.8, null, 'e'],
    ]],
  ]],
  ['2610', 'Chromium ores and concentrates', 'Krom cevherleri ve konsantreleri', [
    ['261000', 'Chromium ores and concentrates', 'Krom cevherleri ve konsantreleri', [
      ['261000000000', 'Chrome ore', 'Krom cevheri', 'kg', 0.28, null, 'e'],
    ]],
  ]],
  ['2701', 'Coal', 'Taşkömürü', [
    ['270112', 'Bituminous coal', 'Bitümenli taşkömürü', [
      ['270112900000', 'Steam coal', 'Termik santral kömürü', 'kg', 0.12, null, 'i'],
    ]],
  ]],
  ['2704', 'Coke and semi-coke', 'Kok ve yarı kok', [
    ['270400', 'Coke and semi-coke of coal', 'Taşkömürü koku ve yarı koku', [
      ['270400190000', 'Metallurgical coke', 'Metalurjik kok', 'kg', 0.3, null, 'i'],
    ]],
  ]],
  ['2709', 'Crude petroleum oils', 'Ham petrol yağları', [
    ['270900', 'Crude petroleum oils', 'Ham petrol yağları', [
      ['270900900000', 'Crude oil', 'Ham petrol', 'kg', 0.6, null, 'i'],
    ]],
  ]],
  ['2710', 'Petroleum oils other than crude', 'Ham olmayan petrol yağları', [
    ['271012', 'Light oils and preparations', 'Hafif yağlar ve müstahzarları', [
      ['271012110000', 'Naphtha', 'Nafta', 'kg', 0.7, null, 'i'],
      ['271012450000', 'Motor gasoline', 'Benzin', 'kg', 0.9, null, 'ie'],
    ]],
    ['271019', 'Medium and heavy oils and preparations', 'Orta ve ağır yağlar ve müstahzarları', [
      ['271019210000', 'Jet fuel', 'Jet yakıtı', 'kg', 0.9, null, 'ie'],
      ['271019430000', 'Diesel fuel', 'Motorin', 'kg', 0.85, null, 'ie'],
      ['271019620000', 'Fuel oil', 'Fuel oil', 'kg', 0.5, null, 'ie'],
      ['271019810000', 'Lubricating oils', 'Madeni yağlar', 'kg', 2, null, 'ie'],
    ]],
  ]],
  ['2711', 'Petroleum gases', 'Petrol gazları', [
    ['271111', 'Natural gas, liquefied', 'Sıvılaştırılmış doğal gaz', [
      ['271111000000', 'LNG', 'LNG', 'kg', 0.6, null, 'i'],
    ]],
    ['271112', 'Propane, liquefied', 'Sıvılaştırılmış propan', [
      ['271112940000', 'Liquefied propane (LPG)', 'Sıvılaştırılmış propan (LPG)', 'kg', 0.6, null, 'i'],
    ]],
    ['271121', 'Natural gas in gaseous state', 'Gaz halinde doğal gaz', [
      ['271121000000', 'Pipeline natural gas', 'Boru hattı doğal gazı', 'm3', 0.55, 0.73, 'i'],
    ]],
  ]],
  ['2713', 'Petroleum coke and bitumen', 'Petrol koku ve bitüm', [
    ['271311', 'Petroleum coke, not calcined', 'Kalsine edilmemiş petrol koku', [
      ['271311000000', 'Green petroleum coke', 'Petrokok', 'kg', 0.15, null, 'i'],
    ]],
  ]],
  ['2810', 'Oxides of boron; boric acids', 'Bor oksitleri; borik asitler', [
    ['281000', 'Oxides of boron; boric acids', 'Bor oksitleri; borik asitler', [
      ['281000900000', 'Boric acid', 'Borik asit', 'kg', 0.8, null, 'e'],
    ]],
  ]],
  ['2815', 'Sodium and potassium hydroxide', 'Sodyum ve potasyum hidroksit', [
    ['281512', 'Sodium hydroxide in aqueous solution', 'Sulu çözelti halinde sodyum hidroksit', [
      ['281512000000', 'Caustic soda lye', 'Sıvı kostik', 'kg', 0.4, null, 'ie'],
    ]],
  ]],
  ['2836', 'Carbonates', 'Karbonatlar', [
    ['283620', 'Disodium carbonate', 'Disodyum karbonat', [
      ['283620000000', 'Soda ash', 'Soda külü', 'kg', 0.3, null, 'e'],
    ]],
  ]],
  ['2840', 'Borates', 'Boratlar', [
    ['284019', 'Other disodium tetraborate', 'Diğer disodyum tetraborat', [
      ['284019100000', 'Borax pentahydrate', 'Boraks pentahidrat', 'kg', 0.7, null, 'e'],
    ]],
  ]],
  ['2901', 'Acyclic hydrocarbons', 'Asiklik hidrokarbonlar', [
    ['290121', 'Ethylene', 'Etilen', [
      ['290121000000', 'Ethylene', 'Etilen', 'kg', 1, null, 'i'],
    ]],
  ]],
  ['2902', 'Cyclic hydrocarbons', 'Siklik hidrokarbonlar', [
    ['290243', 'p-Xylene', 'p-Ksilen', [
      ['290243000000', 'Paraxylene', 'Paraksilen', 'kg', 1, null, 'i'],
    ]],
  ]],
  ['2905', 'Acyclic alcohols', 'Asiklik alkoller', [
    ['290511', 'Methanol', 'Metanol', [
      ['290511000000', 'Methanol', 'Metanol', 'kg', 0.35, null, 'i'],
    ]],
  ]],
  ['2915', 'Saturated monocarboxylic acids', 'Doymuş monokarboksilik asitler', [
    ['291521', 'Acetic acid', 'Asetik asit', [
      ['291521000000', 'Glacial acetic acid', 'Glasiyel asetik asit', 'kg', 0.6, null, 'i'],
    ]],
  ]],
  ['2917', 'Polycarboxylic acids', 'Polikarboksilik asitler', [
    ['291736', 'Terephthalic acid and its salts', 'Tereftalik asit ve tuzları', [
      ['291736000000', 'Purified terephthalic acid (PTA)', 'Saflaştırılmış tereftalik asit (PTA)', 'kg', 0.8, null, 'i'],
    ]],
  ]],
  ['3002', 'Blood fractions, immunological products and vaccines', 'Kan fraksiyonları, immünolojik ürünler ve aşılar', [
    ['300215', 'Immunological products in measured doses', 'Dozlandırılmış immünolojik ürünler', [
      ['300215000000', 'Monoclonal antibody preparations', 'Monoklonal antikor preparatları', 'kg', 600, null, 'i'],
    ]],
    ['300241', 'Vaccines for human medicine', 'İnsan tıbbında kullanılan aşılar', [
      ['300241000000', 'Human vaccines', 'İnsan aşıları', 'kg', 400, null, 'i'],
    ]],
  ]],
  ['3004', 'Medicaments in measured doses', 'Dozlandırılmış ilaçlar', [
    ['300420', 'Other medicaments containing antibiotics', 'Antibiyotik içeren diğer ilaçlar', [
      ['300420000000', 'Antibiotic tablets and suspensions', 'Antibiyotik tablet ve süspansiyonlar', 'kg', 60, null, 'e'],
    ]],
    ['300490', 'Other medicaments in measured doses', 'Dozlandırılmış diğer ilaçlar', [
      ['300490000011', 'Medicaments in tablet form', 'Tablet halinde ilaçlar', 'kg', 80, null, 'ie'],
      ['300490000019', 'Injectable medicaments', 'Enjekte edilebilir ilaçlar', 'kg', 120, null, 'ie'],
    ]],
  ]],
  ['3102', 'Nitrogenous fertilisers', 'Azotlu gübreler', [
    ['310210', 'Urea', 'Üre', [
      ['310210100000', 'Granular urea', 'Granül üre', 'kg', 0.4, null, 'i'],
    ]],
    ['310230', 'Ammonium nitrate', 'Amonyum nitrat', [
      ['310230900000', 'Ammonium nitrate fertiliser', 'Amonyum nitrat gübresi', 'kg', 0.35, null, 'i'],
    ]],
  ]],
  ['3105', 'Mixed mineral fertilisers', 'Karışık mineral gübreler', [
    ['310530', 'Diammonium hydrogenorthophosphate', 'Diamonyum fosfat', [
      ['310530000000', 'DAP fertiliser', 'DAP gübresi', 'kg', 0.6, null, 'i'],
    ]],
  ]],
  ['3208', 'Paints in a non-aqueous medium', 'Susuz ortamda boyalar ve vernikler', [
    ['320890', 'Other paints in a non-aqueous medium', 'Diğer solventli boyalar', [
      ['320890910000', 'Industrial solvent-based paints', 'Solvent bazlı sanayi boyaları', 'kg', 4, null, 'e'],
    ]],
  ]],
  ['3209', 'Paints in an aqueous medium', 'Sulu ortamda boyalar ve vernikler', [
    ['320910', 'Acrylic or vinyl water-based paints', 'Akrilik veya vinil su bazlı boyalar', [
      ['320910000000', 'Emulsion wall paint', 'Plastik duvar boyası', 'kg', 2, null, 'e'],
    ]],
  ]],
  ['3215', 'Printing ink and other inks', 'Matbaa mürekkebi ve diğer mürekkepler', [
    ['321519', 'Other printing ink', 'Diğer matbaa mürekkepleri', [
      ['321519000000', 'Offset and flexo printing inks', 'Ofset ve flekso baskı mürekkepleri', 'kg', 6, null, 'ie'],
    ]],
  ]],
  ['3303', 'Perfumes and toilet waters', 'Parfümler ve tuvalet suları', [
    ['330300', 'Perfumes and toilet waters', 'Parfümler ve tuvalet suları', [
      ['330300900000', 'Eau de parfum and cologne', 'Parfüm ve kolonya', 'kg', 20, null, 'ie'],
    ]],
  ]],
  ['3304', 'Beauty, make-up and skin-care preparations', 'Güzellik, makyaj ve cilt bakım müstahzarları', [
    ['330499', 'Other beauty and skin-care preparations', 'Diğer güzellik ve cilt bakım ürünleri', [
      ['330499000000', 'Skin creams and lotions', 'Cilt kremleri ve losyonlar', 'kg', 12, null, 'ie'],
    ]],
  ]],
  ['3305', 'Preparations for use on the hair', 'Saç müstahzarları', [
    ['330510', 'Shampoos', 'Şampuanlar', [
      ['330510000000', 'Shampoo', 'Şampuan', 'kg', 2.5, null, 'e'],
    ]],
  ]],
  ['3306', 'Preparations for oral or dental hygiene', 'Ağız ve diş bakım müstahzarları', [
    ['330610', 'Dentifrices', 'Diş macunları', [
      ['330610000000', 'Toothpaste', 'Diş macunu', 'kg', 3.5, null, 'e'],
    ]],
  ]],
  ['3307', 'Shaving preparations and deodorants', 'Tıraş müstahzarları ve deodorantlar', [
    ['330720', 'Personal deodorants and antiperspirants', 'Kişisel deodorantlar ve ter önleyiciler', [
      ['330720000000', 'Deodorant sprays and roll-ons', 'Sprey ve roll-on deodorant', 'kg', 4, null, 'e'],
    ]],
  ]],
  ['3401', 'Soap', 'Sabunlar', [
    ['340111', 'Toilet soap in bars', 'Kalıp tuvalet sabunu', [
      ['340111000000', 'Toilet soap bars', 'Kalıp tuvalet sabunu', 'kg', 1.8, null, 'e'],
    ]],
  ]],
  ['3402', 'Washing and cleaning preparations', 'Yıkama ve temizlik müstahzarları', [
    ['340250', 'Washing preparations put up for retail sale', 'Perakende satışa hazır yıkama müstahzarları', [
      ['340250900000', 'Laundry detergent', 'Çamaşır deterjanı', 'kg', 1.2, null, 'e'],
    ]],
    ['340290', 'Other washing and cleaning preparations', 'Diğer yıkama ve temizlik müstahzarları', [
      ['340290900000', 'Industrial cleaning preparations', 'Endüstriyel temizlik ürünleri', 'kg', 1.5, null, 'ie'],
    ]],
  ]],
  ['3808', 'Insecticides, fungicides and herbicides', 'İnsektisitler, fungisitler ve herbisitler', [
    ['380893', 'Herbicides and plant-growth regulators', 'Herbisitler ve bitki büyüme düzenleyiciler', [
      ['380893270000', 'Herbicides', 'Yabancı ot ilaçları', 'kg', 6, null, 'i'],
    ]],
  ]],
  ['3824', 'Prepared binders and chemical products n.e.s.', 'Hazır bağlayıcılar ve başka yerde belirtilmeyen kimyasal ürünler', [
    ['382499', 'Other chemical products and preparations', 'Diğer kimyasal ürünler ve müstahzarlar', [
      ['382499920000', 'Chemical preparations for industry', 'Sanayi için kimyasal müstahzarlar', 'kg', 3, null, 'ie'],
    ]],
  ]],
  ['3901', 'Polymers of ethylene, in primary forms', 'İlk şekillerde etilen polimerleri', [
    ['390110', 'Polyethylene, specific gravity below 0.94', 'Özgül ağırlığı 0,94’ten az polietilen', [
      ['390110100000', 'LDPE and LLDPE granules', 'AYPE ve LAYPE granül', 'kg', 1.2, null, 'i'],
    ]],
    ['390120', 'Polyethylene, specific gravity 0.94 or more', 'Özgül ağırlığı 0,94 veya fazla polietilen', [
      ['390120900000', 'HDPE granules', 'YYPE granül', 'kg', 1.15, null, 'i'],
    ]],
  ]],
  ['3902', 'Polymers of propylene, in primary forms', 'İlk şekillerde propilen polimerleri', [
    ['390210', 'Polypropylene', 'Polipropilen', [
      ['390210000000', 'Polypropylene homopolymer', 'Polipropilen homopolimer', 'kg', 1.15, null, 'i'],
    ]],
  ]],
  ['3903', 'Polymers of styrene, in primary forms', 'İlk şekillerde stiren polimerleri', [
    ['390319', 'Other polystyrene', 'Diğer polistiren', [
      ['390319000000', 'General-purpose polystyrene', 'Genel amaçlı polistiren', 'kg', 1.3, null, 'i'],
    ]],
  ]],
  ['3904', 'Polymers of vinyl chloride, in primary forms', 'İlk şekillerde vinil klorür polimerleri', [
    ['390410', 'PVC, not mixed', 'Karıştırılmamış PVC', [
      ['390410000000', 'Suspension PVC resin', 'Süspansiyon PVC reçinesi', 'kg', 0.9, null, 'i'],
    ]],
  ]],
  ['3907', 'Polyesters and epoxide resins', 'Poliesterler ve epoksit reçineler', [
    ['390761', 'PET, viscosity 78 ml/g or higher', 'Viskozitesi 78 ml/g veya fazla PET', [
      ['390761000000', 'Bottle-grade PET chips', 'Şişelik PET cips', 'kg', 1.1, null, 'ie'],
    ]],
  ]],
  ['3917', 'Plastic tubes, pipes and hoses', 'Plastik tüpler, borular ve hortumlar', [
    ['391723', 'Rigid tubes of vinyl chloride polymers', 'Vinil klorür polimerlerinden sert borular', [
      ['391723900000', 'PVC pressure pipes', 'PVC basınçlı borular', 'kg', 2, null, 'e'],
    ]],
  ]],
  ['3920', 'Other plastic plates, sheets and film', 'Diğer plastik levha, yaprak ve filmler', [
    ['392010', 'Film and sheet of ethylene polymers', 'Etilen polimerlerinden film ve levhalar', [
      ['392010890000', 'Polyethylene film', 'Polietilen film', 'kg', 2.2, null, 'e'],
    ]],
    ['392020', 'Film and sheet of propylene polymers', 'Propilen polimerlerinden film ve levhalar', [
      ['392020210019', 'BOPP film', 'BOPP film', 'kg', 2, null, 'ie'],
    ]],
  ]],
  ['3923', 'Plastic packaging and closures', 'Plastik ambalaj ve kapaklar', [
    ['392321', 'Sacks and bags of ethylene polymers', 'Etilen polimerlerinden torba ve çantalar', [
      ['392321000000', 'Polyethylene bags', 'Polietilen torbalar', 'kg', 2.2, null, 'e'],
    ]],
    ['392330', 'Carboys, bottles and flasks', 'Damacana, şişe ve mataralar', [
      ['392330100000', 'PET bottles and preforms', 'PET şişe ve preformlar', 'kg', 3, null, 'e'],
    ]],
  ]],
  ['3924', 'Plastic tableware and household articles', 'Plastik sofra ve ev eşyası', [
    ['392410', 'Tableware and kitchenware of plastics', 'Plastik sofra ve mutfak eşyası', [
      ['392410000000', 'Plastic kitchenware', 'Plastik mutfak eşyası', 'kg', 3.5, null, 'e'],
    ]],
  ]],
  ['3926', 'Other articles of plastics', 'Diğer plastik eşya', [
    ['392690', 'Other articles of plastics', 'Diğer plastik eşya', [
      ['392690970000', 'Technical plastic parts', 'Teknik plastik parçalar', 'kg', 6, null, 'ie'],
    ]],
  ]],
  ['4001', 'Natural rubber', 'Tabii kauçuk', [
    ['400122', 'Technically specified natural rubber', 'Teknik olarak belirlenmiş tabii kauçuk', [
      ['400122000000', 'TSNR natural rubber', 'TSNR tabii kauçuk', 'kg', 1.6, null, 'i'],
    ]],
  ]],
  ['4002', 'Synthetic rubber', 'Sentetik kauçuk', [
    ['400219', 'Other styrene-butadiene rubber', 'Diğer stiren-bütadien kauçuk', [
      ['400219000000', 'SBR rubber', 'SBR kauçuk', 'kg', 1.9, null, 'i'],
    ]],
  ]],
  ['4011', 'New pneumatic tyres of rubber', 'Yeni kauçuk dış lastikler', [
    ['401110', 'Tyres for motor cars', 'Otomobil lastikleri', [
      ['401110000011', 'Passenger car tyres', 'Binek araç lastiği', 'u', 7, 8.5, 'ie'],
    ]],
    ['401120', 'Tyres for buses or lorries', 'Otobüs ve kamyon lastikleri', [
      ['401120900000', 'Truck and bus tyres', 'Kamyon ve otobüs lastiği', 'u', 4.5, 55, 'ie'],
    ]],
    ['401170', 'Tyres for agricultural or forestry vehicles', 'Tarım ve orman araçları lastikleri', [
      ['401170000000', 'Tractor tyres', 'Traktör lastiği', 'u', 4, 60, 'e'],
    ]],
  ]],
  ['4016', 'Other articles of vulcanised rubber', 'Vulkanize kauçuktan diğer eşya', [
    ['401693', 'Gaskets, washers and seals', 'Conta, rondela ve keçeler', [
      ['401693000000', 'Rubber gaskets and seals', 'Kauçuk conta ve keçeler', 'kg', 10, null, 'ie'],
    ]],
  ]],
  ['4104', 'Tanned hides of bovine or equine animals', 'Tabaklanmış sığır ve at derileri', [
    ['410441', 'Bovine leather in the dry state (crust)', 'Kuru halde (krust) sığır derisi', [
      ['410441190000', 'Crust bovine leather', 'Krust sığır derisi', 'kg', 7, null, 'i'],
    ]],
  ]],
  ['4202', 'Trunks, suitcases, handbags and similar', 'Bavullar, valizler, el çantaları ve benzerleri', [
    ['420221', 'Handbags with outer surface of leather', 'Dış yüzü deriden el çantaları', [
      ['420221000000', 'Leather handbags', 'Deri el çantası', 'u', 45, 0.8, 'ie'],
    ]],
    ['420292', 'Other containers of plastic sheeting or textile', 'Plastik veya tekstilden diğer çantalar', [
      ['420292910000', 'Textile travel bags', 'Tekstil seyahat çantası', 'u', 15, 0.9, 'ie'],
    ]],
  ]],
  ['4203', 'Articles of apparel of leather', 'Deriden giyim eşyası', [
    ['420310', 'Articles of apparel of leather', 'Deriden giyim eşyası', [
      ['420310000000', 'Leather jackets', 'Deri ceketler', 'u', 60, 1.4, 'e'],
    ]],
  ]],
  ['4407', 'Sawn wood', 'Biçilmiş ağaç', [
    ['440711', 'Sawn pine wood', 'Biçilmiş çam ağacı', [
      ['440711900000', 'Sawn pine timber', 'Çam kerestesi', 'm3', 0.45, 500, 'i'],
    ]],
  ]],
  ['4410', 'Particle board and similar board of wood', 'Ahşap yonga levha ve benzerleri', [
    ['441011', 'Particle board of wood', 'Ahşap yonga levha', [
      ['441011900000', 'Melamine-faced chipboard', 'Melamin kaplı yonga levha', 'kg', 0.45, null, 'e'],
    ]],
  ]],
  ['4411', 'Fibreboard of wood', 'Ahşap lif levha', [
    ['441114', 'MDF of a thickness exceeding 9 mm', 'Kalınlığı 9 mm’yi aşan MDF', [
      ['441114900000', 'MDF board', 'MDF levha', 'kg', 0.5, null, 'e'],
    ]],
  ]],
  ['4703', 'Chemical wood pulp, sulphate', 'Kimyasal odun hamuru (sülfat)', [
    ['470329', 'Bleached non-coniferous sulphate pulp', 'Ağartılmış yapraklı ağaç sülfat hamuru', [
      ['470329000000', 'Bleached hardwood kraft pulp', 'Ağartılmış yapraklı ağaç kraft hamuru', 'kg', 0.6, null, 'i'],
    ]],
  ]],
  ['4802', 'Uncoated writing and printing paper', 'Kaplanmamış yazı ve baskı kağıdı', [
    ['480256', 'Uncoated paper of 40–150 g/m² in sheets', '40–150 g/m² tabaka halinde kaplanmamış kağıt', [
      ['480256200000', 'Copy paper', 'Fotokopi kağıdı', 'kg', 1, null, 'i'],
    ]],
  ]],
  ['4804', 'Uncoated kraft paper and paperboard', 'Kaplanmamış kraft kağıt ve karton', [
    ['480411', 'Unbleached kraftliner', 'Ağartılmamış kraftlayner', [
      ['480411110000', 'Unbleached kraftliner', 'Ağartılmamış kraftlayner', 'kg', 0.7, null, 'i'],
    ]],
  ]],
  ['4810', 'Coated paper and paperboard', 'Kaplanmış kağıt ve karton', [
    ['481013', 'Coated printing paper in rolls', 'Rulo halinde kaplanmış baskı kağıdı', [
      ['481013800000', 'Coated paper in rolls', 'Rulo kuşe kağıt', 'kg', 1.1, null, 'i'],
    ]],
  ]],
  ['4818', 'Toilet paper, tissues and towels', 'Tuvalet kağıdı, mendil ve havlu kağıt', [
    ['481810', 'Toilet paper', 'Tuvalet kağıdı', [
      ['481810900000', 'Toilet paper rolls', 'Rulo tuvalet kağıdı', 'kg', 1.3, null, 'e'],
    ]],
  ]],
  ['4819', 'Cartons, boxes and paper packaging', 'Karton kutular ve kağıt ambalajlar', [
    ['481910', 'Boxes of corrugated paper or paperboard', 'Oluklu kağıt veya kartondan kutular', [
      ['481910000000', 'Corrugated boxes', 'Oluklu mukavva kutu', 'kg', 1, null, 'e'],
    ]],
  ]],
  ['4901', 'Printed books and brochures', 'Basılı kitaplar ve broşürler', [
    ['490199', 'Other printed books', 'Diğer basılı kitaplar', [
      ['490199000000', 'Printed books', 'Basılı kitaplar', 'kg', 8, null, 'ie'],
    ]],
  ]],
  ['4911', 'Other printed matter', 'Diğer basılı ürünler', [
    ['491110', 'Trade advertising material and catalogues', 'Ticari reklam malzemesi ve kataloglar', [
      ['491110900000', 'Printed catalogues', 'Basılı kataloglar', 'kg', 5, null, 'e'],
    ]],
  ]],
];
