// Catalogue rows for chapters 01–24: food, agriculture and tobacco.
import type { HeadingRow } from './catalogue.js';

export const AGRIFOOD: HeadingRow[] = [
  ['0102', 'Live bovine animals', 'Canlı büyükbaş hayvanlar', [
    ['010229', 'Cattle other than pure-bred breeding animals', 'Damızlık olmayan sığırlar', [
      ['010229490000', 'Live cattle for fattening', 'Besilik canlı sığır', 'u', 3.5, 350, 'i'],
    ]],
  ]],
  ['0207', 'Poultry meat and offal', 'Kanatlı hayvan etleri ve sakatatı', [
    ['020712', 'Whole fowls, frozen', 'Bütün halde dondurulmuş tavuk', [
      ['020712900000', 'Whole frozen chicken', 'Bütün dondurulmuş tavuk', 'kg', 1.7, null, 'e'],
    ]],
    ['020714', 'Frozen cuts and offal of fowls', 'Dondurulmuş tavuk parçaları ve sakatatı', [
      ['020714200000', 'Frozen chicken cuts', 'Dondurulmuş tavuk parçaları', 'kg', 2.2, null, 'e'],
      ['020714600000', 'Frozen chicken legs', 'Dondurulmuş tavuk but', 'kg', 1.9, null, 'e'],
    ]],
  ]],
  ['0302', 'Fish, fresh or chilled', 'Taze veya soğutulmuş balıklar', [
    ['030214', 'Atlantic and Danube salmon, fresh', 'Taze Atlantik ve Tuna som balığı', [
      ['030214000000', 'Fresh Atlantic salmon', 'Taze Atlantik somonu', 'kg', 9, null, 'i'],
    ]],
    ['030284', 'Sea bass, fresh', 'Taze levrek', [
      ['030284100000', 'Fresh European sea bass', 'Taze Avrupa levreği', 'kg', 6.8, null, 'e'],
    ]],
    ['030285', 'Sea bream, fresh', 'Taze çipura', [
      ['030285300000', 'Fresh gilthead sea bream', 'Taze çipura', 'kg', 6.5, null, 'e'],
    ]],
  ]],
  ['0304', 'Fish fillets and fish meat', 'Balık filetoları ve balık eti', [
    ['030482', 'Frozen fillets of trout', 'Dondurulmuş alabalık filetosu', [
      ['030482100000', 'Frozen rainbow trout fillets', 'Dondurulmuş gökkuşağı alabalığı filetosu', 'kg', 9, null, 'e'],
    ]],
  ]],
  ['0402', 'Milk and cream, concentrated or sweetened', 'Konsantre veya tatlandırılmış süt ve krema', [
    ['040221', 'Milk powder, unsweetened, over 1.5 % fat', 'Şekersiz tam yağlı süt tozu', [
      ['040221180000', 'Whole milk powder', 'Tam yağlı süt tozu', 'kg', 3.8, null, 'e'],
    ]],
  ]],
  ['0406', 'Cheese and curd', 'Peynir ve lor', [
    ['040690', 'Other cheese', 'Diğer peynirler', [
      ['040690990011', 'White brined cheese', 'Beyaz peynir', 'kg', 5.5, null, 'e'],
      ['040690990019', 'Kashar cheese', 'Kaşar peyniri', 'kg', 6.5, null, 'e'],
    ]],
  ]],
  ['0407', 'Birds’ eggs in shell', 'Kabuklu kuş yumurtaları', [
    ['040721', 'Fresh eggs of domestic fowl', 'Taze tavuk yumurtası', [
      ['040721000000', 'Fresh hen eggs', 'Taze tavuk yumurtası', 'u', 1.4, 0.06, 'e'],
    ]],
  ]],
  ['0409', 'Natural honey', 'Tabii bal', [
    ['040900', 'Natural honey', 'Tabii bal', [
      ['040900000000', 'Flower and pine honey', 'Çiçek ve çam balı', 'kg', 5, null, 'e'],
    ]],
  ]],
  ['0603', 'Cut flowers and buds', 'Kesme çiçekler ve tomurcuklar', [
    ['060312', 'Carnations', 'Karanfiller', [
      ['060312000000', 'Fresh cut carnations', 'Taze kesme karanfil', 'kg', 5, null, 'e'],
    ]],
  ]],
  ['0701', 'Potatoes', 'Patatesler', [
    ['070190', 'Potatoes other than seed', 'Tohumluk olmayan patatesler', [
      ['070190900000', 'Ware potatoes', 'Sofralık patates', 'kg', 0.35, null, 'e'],
    ]],
  ]],
  ['0702', 'Tomatoes, fresh or chilled', 'Taze veya soğutulmuş domates', [
    ['070200', 'Tomatoes, fresh or chilled', 'Taze veya soğutulmuş domates', [
      ['070200000011', 'Fresh tomatoes', 'Taze domates', 'kg', 0.9, null, 'e'],
      ['070200000012', 'Fresh cherry tomatoes', 'Taze çeri domates', 'kg', 1.4, null, 'e'],
    ]],
  ]],
  ['0703', 'Onions, garlic and leeks', 'Soğan, sarımsak ve pırasa', [
    ['070310', 'Onions and shallots', 'Soğan ve arpacık soğanı', [
      ['070310190000', 'Dry onions', 'Kuru soğan', 'kg', 0.3, null, 'e'],
    ]],
  ]],
  ['0709', 'Other vegetables, fresh or chilled', 'Diğer taze sebzeler', [
    ['070960', 'Peppers', 'Biberler', [
      ['070960100000', 'Fresh sweet peppers', 'Taze tatlı biber', 'kg', 1.2, null, 'e'],
    ]],
  ]],
  ['0713', 'Dried leguminous vegetables', 'Kuru baklagiller', [
    ['071320', 'Chickpeas', 'Nohut', [
      ['071320000000', 'Dried chickpeas', 'Kuru nohut', 'kg', 0.9, null, 'ie'],
    ]],
    ['071340', 'Lentils', 'Mercimek', [
      ['071340000011', 'Red lentils', 'Kırmızı mercimek', 'kg', 0.8, null, 'ie'],
      ['071340000012', 'Green lentils', 'Yeşil mercimek', 'kg', 0.9, null, 'i'],
    ]],
  ]],
  ['0802', 'Other nuts', 'Diğer sert kabuklu meyveler', [
    ['080212', 'Almonds, shelled', 'Kabuksuz badem', [
      ['080212000000', 'Shelled almonds', 'İç badem', 'kg', 6, null, 'i'],
    ]],
    ['080221', 'Hazelnuts in shell', 'Kabuklu fındık', [
      ['080221000000', 'Hazelnuts in shell', 'Kabuklu fındık', 'kg', 3.2, null, 'e'],
    ]],
    ['080222', 'Hazelnuts, shelled', 'Kabuksuz fındık', [
      ['080222000011', 'Natural hazelnut kernels', 'Naturel iç fındık', 'kg', 7.5, null, 'e'],
      ['080222000019', 'Roasted hazelnut kernels', 'Kavrulmuş iç fındık', 'kg', 8.5, null, 'e'],
    ]],
    ['080232', 'Walnuts, shelled', 'Kabuksuz ceviz', [
      ['080232000000', 'Walnut kernels', 'Ceviz içi', 'kg', 6, null, 'i'],
    ]],
    ['080252', 'Pistachios, shelled', 'Kabuksuz antep fıstığı', [
      ['080252000000', 'Shelled pistachios', 'İç antep fıstığı', 'kg', 18, null, 'ie'],
    ]],
  ]],
  ['0803', 'Bananas', 'Muzlar', [
    ['080390', 'Bananas other than plantains', 'Plantain dışındaki muzlar', [
      ['080390100000', 'Fresh bananas', 'Taze muz', 'kg', 0.9, null, 'i'],
    ]],
  ]],
  ['0804', 'Dates, figs, pineapples, avocados, mangoes', 'Hurma, incir, ananas, avokado, mango', [
    ['080420', 'Figs', 'İncir', [
      ['080420900011', 'Dried figs', 'Kuru incir', 'kg', 4.5, null, 'e'],
    ]],
  ]],
  ['0805', 'Citrus fruit', 'Turunçgiller', [
    ['080510', 'Oranges', 'Portakallar', [
      ['080510200000', 'Fresh sweet oranges', 'Taze portakal', 'kg', 0.6, null, 'e'],
    ]],
    ['080521', 'Mandarins', 'Mandalinalar', [
      ['080521000000', 'Fresh mandarins', 'Taze mandalina', 'kg', 0.7, null, 'e'],
    ]],
    ['080550', 'Lemons and limes', 'Limonlar', [
      ['080550100000', 'Fresh lemons', 'Taze limon', 'kg', 0.8, null, 'e'],
    ]],
  ]],
  ['0806', 'Grapes, fresh or dried', 'Taze veya kuru üzüm', [
    ['080610', 'Fresh grapes', 'Taze üzüm', [
      ['080610100000', 'Fresh table grapes', 'Sofralık taze üzüm', 'kg', 1, null, 'e'],
    ]],
    ['080620', 'Dried grapes', 'Kuru üzüm', [
      ['080620300011', 'Sultana raisins', 'Çekirdeksiz kuru üzüm', 'kg', 2.2, null, 'e'],
    ]],
  ]],
  ['0808', 'Apples, pears and quinces', 'Elma, armut ve ayva', [
    ['080810', 'Apples', 'Elmalar', [
      ['080810800000', 'Fresh apples', 'Taze elma', 'kg', 0.6, null, 'e'],
    ]],
  ]],
  ['0809', 'Apricots, cherries, peaches and plums', 'Kayısı, kiraz, şeftali ve erik', [
    ['080910', 'Apricots', 'Kayısılar', [
      ['080910000000', 'Fresh apricots', 'Taze kayısı', 'kg', 1.5, null, 'e'],
    ]],
    ['080929', 'Cherries other than sour cherries', 'Vişne dışındaki kirazlar', [
      ['080929000000', 'Fresh sweet cherries', 'Taze kiraz', 'kg', 3.5, null, 'e'],
    ]],
  ]],
  ['0810', 'Other fresh fruit', 'Diğer taze meyveler', [
    ['081090', 'Other fresh fruit', 'Diğer taze meyveler', [
      ['081090750011', 'Fresh pomegranates', 'Taze nar', 'kg', 0.9, null, 'e'],
    ]],
  ]],
  ['0813', 'Dried fruit', 'Kurutulmuş meyveler', [
    ['081310', 'Dried apricots', 'Kuru kayısı', [
      ['081310000000', 'Dried apricots', 'Kuru kayısı', 'kg', 5.5, null, 'e'],
    ]],
  ]],
  ['0901', 'Coffee', 'Kahve', [
    ['090111', 'Coffee, not roasted, not decaffeinated', 'Kavrulmamış, kafeini alınmamış kahve', [
      ['090111000000', 'Green coffee beans', 'Çiğ kahve çekirdeği', 'kg', 4.5, null, 'i'],
    ]],
  ]],
  ['0902', 'Tea', 'Çay', [
    ['090230', 'Black tea in packings of 3 kg or less', '3 kg’ı geçmeyen ambalajlarda siyah çay', [
      ['090230000000', 'Packed black tea', 'Paketli siyah çay', 'kg', 5, null, 'ie'],
    ]],
  ]],
  ['0904', 'Pepper and dried capsicum', 'Karabiber ve kuru kırmızı biber', [
    ['090421', 'Dried capsicum, not crushed', 'Öğütülmemiş kuru kırmızı biber', [
      ['090421100000', 'Dried red peppers', 'Kuru kırmızı biber', 'kg', 3, null, 'e'],
    ]],
  ]],
  ['0909', 'Seeds of anise, coriander, cumin and similar', 'Anason, kişniş, kimyon ve benzeri tohumlar', [
    ['090931', 'Cumin seeds, not crushed', 'Öğütülmemiş kimyon', [
      ['090931000000', 'Cumin seeds', 'Kimyon tohumu', 'kg', 3, null, 'e'],
    ]],
  ]],
  ['0910', 'Ginger, thyme, bay leaves and other spices', 'Zencefil, kekik, defne yaprağı ve diğer baharat', [
    ['091099', 'Other spices', 'Diğer baharat', [
      ['091099310000', 'Dried thyme', 'Kuru kekik', 'kg', 4, null, 'e'],
    ]],
  ]],
  ['1001', 'Wheat and meslin', 'Buğday ve mahlut', [
    ['100119', 'Durum wheat other than seed', 'Tohumluk olmayan makarnalık buğday', [
      ['100119000000', 'Durum wheat', 'Makarnalık buğday', 'kg', 0.32, null, 'i'],
    ]],
    ['100199', 'Other wheat and meslin', 'Diğer buğday ve mahlut', [
      ['100199000011', 'Milling wheat', 'Ekmeklik buğday', 'kg', 0.28, null, 'i'],
    ]],
  ]],
  ['1003', 'Barley', 'Arpa', [
    ['100390', 'Barley other than seed', 'Tohumluk olmayan arpa', [
      ['100390000000', 'Feed barley', 'Yemlik arpa', 'kg', 0.23, null, 'i'],
    ]],
  ]],
  ['1005', 'Maize (corn)', 'Mısır', [
    ['100590', 'Maize other than seed', 'Tohumluk olmayan mısır', [
      ['100590000000', 'Yellow maize', 'Sarı mısır', 'kg', 0.24, null, 'i'],
    ]],
  ]],
  ['1006', 'Rice', 'Pirinç', [
    ['100630', 'Semi-milled or wholly milled rice', 'Yarı veya tamamen değirmenden geçirilmiş pirinç', [
      ['100630000000', 'Milled rice', 'Beyaz pirinç', 'kg', 0.7, null, 'i'],
    ]],
  ]],
  ['1101', 'Wheat or meslin flour', 'Buğday veya mahlut unu', [
    ['110100', 'Wheat or meslin flour', 'Buğday veya mahlut unu', [
      ['110100150000', 'Wheat flour', 'Buğday unu', 'kg', 0.38, null, 'e'],
    ]],
  ]],
  ['1201', 'Soya beans', 'Soya fasulyesi', [
    ['120190', 'Soya beans other than seed', 'Tohumluk olmayan soya fasulyesi', [
      ['120190000000', 'Soya beans', 'Soya fasulyesi', 'kg', 0.5, null, 'i'],
    ]],
  ]],
  ['1205', 'Rape or colza seeds', 'Kolza tohumu', [
    ['120510', 'Low erucic acid rape seeds', 'Düşük erusik asitli kolza tohumu', [
      ['120510900000', 'Canola seeds', 'Kanola tohumu', 'kg', 0.55, null, 'i'],
    ]],
  ]],
  ['1206', 'Sunflower seeds', 'Ayçiçeği tohumu', [
    ['120600', 'Sunflower seeds', 'Ayçiçeği tohumu', [
      ['120600910000', 'Sunflower seeds for oil', 'Yağlık ayçiçeği tohumu', 'kg', 0.55, null, 'i'],
    ]],
  ]],
  ['1507', 'Soya-bean oil', 'Soya yağı', [
    ['150710', 'Crude soya-bean oil', 'Ham soya yağı', [
      ['150710900000', 'Crude soya-bean oil', 'Ham soya yağı', 'kg', 1.1, null, 'i'],
    ]],
  ]],
  ['1509', 'Olive oil', 'Zeytinyağı', [
    ['150920', 'Extra virgin olive oil', 'Natürel sızma zeytinyağı', [
      ['150920000000', 'Extra virgin olive oil', 'Natürel sızma zeytinyağı', 'kg', 5.5, null, 'e'],
    ]],
  ]],
  ['1511', 'Palm oil', 'Palm yağı', [
    ['151190', 'Palm oil other than crude', 'Ham olmayan palm yağı', [
      ['151190190000', 'Refined palm oil', 'Rafine palm yağı', 'kg', 1, null, 'i'],
    ]],
  ]],
  ['1512', 'Sunflower-seed and safflower oil', 'Ayçiçeği ve aspir yağı', [
    ['151211', 'Crude sunflower-seed oil', 'Ham ayçiçeği yağı', [
      ['151211910000', 'Crude sunflower oil', 'Ham ayçiçek yağı', 'kg', 1.1, null, 'i'],
    ]],
    ['151219', 'Refined sunflower-seed oil', 'Rafine ayçiçeği yağı', [
      ['151219900000', 'Refined sunflower oil in bottles', 'Şişelenmiş rafine ayçiçek yağı', 'kg', 1.3, null, 'e'],
    ]],
  ]],
  ['1517', 'Margarine and edible fat mixtures', 'Margarin ve yenilebilir yağ karışımları', [
    ['151710', 'Margarine, excluding liquid margarine', 'Sıvı olmayan margarin', [
      ['151710900000', 'Margarine', 'Margarin', 'kg', 1.5, null, 'e'],
    ]],
  ]],
  ['1604', 'Prepared or preserved fish', 'Hazırlanmış veya konserve balık', [
    ['160414', 'Tunas and bonito, prepared', 'Hazırlanmış ton ve palamut', [
      ['160414210000', 'Canned tuna', 'Ton balığı konservesi', 'kg', 5, null, 'ie'],
    ]],
  ]],
  ['1701', 'Cane or beet sugar', 'Kamış veya pancar şekeri', [
    ['170199', 'Other refined sugar', 'Diğer rafine şeker', [
      ['170199100000', 'White sugar', 'Beyaz şeker', 'kg', 0.6, null, 'e'],
    ]],
  ]],
  ['1704', 'Sugar confectionery without cocoa', 'Kakao içermeyen şekerlemeler', [
    ['170490', 'Other sugar confectionery', 'Diğer şekerlemeler', [
      ['170490990011', 'Turkish delight', 'Lokum', 'kg', 4, null, 'e'],
      ['170490990019', 'Hard candies and toffees', 'Sert şeker ve karamela', 'kg', 2.8, null, 'e'],
    ]],
  ]],
  ['1801', 'Cocoa beans', 'Kakao taneleri', [
    ['180100', 'Cocoa beans, raw or roasted', 'Ham veya kavrulmuş kakao taneleri', [
      ['180100000000', 'Raw cocoa beans', 'Ham kakao tanesi', 'kg', 3.5, null, 'i'],
    ]],
  ]],
  ['1806', 'Chocolate and other cocoa preparations', 'Çikolata ve kakaolu gıda müstahzarları', [
    ['180632', 'Chocolate in blocks or bars, not filled', 'Dolgusuz blok veya tablet çikolata', [
      ['180632900000', 'Plain chocolate bars', 'Sade tablet çikolata', 'kg', 5, null, 'e'],
    ]],
    ['180690', 'Other cocoa preparations', 'Diğer kakaolu müstahzarlar', [
      ['180690900000', 'Chocolate-coated wafers and bars', 'Çikolata kaplı gofret ve barlar', 'kg', 4.5, null, 'e'],
    ]],
  ]],
  ['1902', 'Pasta', 'Makarnalar', [
    ['190219', 'Uncooked pasta without eggs', 'Yumurtasız pişmemiş makarna', [
      ['190219900000', 'Dry pasta', 'Kuru makarna', 'kg', 0.9, null, 'e'],
    ]],
  ]],
  ['1905', 'Bread, pastry, cakes and biscuits', 'Ekmek, pasta, kek ve bisküvi', [
    ['190531', 'Sweet biscuits', 'Tatlı bisküviler', [
      ['190531990000', 'Sweet biscuits', 'Tatlı bisküvi', 'kg', 2.5, null, 'e'],
    ]],
    ['190532', 'Waffles and wafers', 'Waffle ve gofretler', [
      ['190532990000', 'Wafers', 'Gofret', 'kg', 3, null, 'e'],
    ]],
    ['190590', 'Other bakery products', 'Diğer fırıncılık ürünleri', [
      ['190590600000', 'Cakes and pastries', 'Kek ve pastalar', 'kg', 3, null, 'e'],
    ]],
  ]],
  ['2002', 'Tomatoes, prepared or preserved', 'Hazırlanmış veya konserve domates', [
    ['200290', 'Tomatoes other than whole or in pieces', 'Bütün veya parça halinde olmayan domates', [
      ['200290910000', 'Tomato paste', 'Domates salçası', 'kg', 1.1, null, 'e'],
    ]],
  ]],
  ['2007', 'Jams, jellies and marmalades', 'Reçel, jöle ve marmelatlar', [
    ['200799', 'Other jams and fruit purées', 'Diğer reçel ve meyve püreleri', [
      ['200799500000', 'Fruit jams', 'Meyve reçelleri', 'kg', 2, null, 'e'],
    ]],
  ]],
  ['2008', 'Fruit and nuts, otherwise prepared', 'Başka şekilde hazırlanmış meyve ve yemişler', [
    ['200819', 'Other nuts and seeds, including mixtures', 'Diğer yemişler ve karışımları', [
      ['200819190011', 'Hazelnut paste', 'Fındık ezmesi', 'kg', 9, null, 'e'],
      ['200819990000', 'Roasted mixed nuts', 'Kavrulmuş karışık kuruyemiş', 'kg', 8, null, 'e'],
    ]],
  ]],
  ['2009', 'Fruit and vegetable juices', 'Meyve ve sebze suları', [
    ['200979', 'Apple juice, other', 'Diğer elma suyu', [
      ['200979190000', 'Apple juice concentrate', 'Elma suyu konsantresi', 'kg', 1.2, null, 'e'],
    ]],
  ]],
  ['2101', 'Extracts of coffee and tea', 'Kahve ve çay hülasaları', [
    ['210111', 'Coffee extracts and concentrates', 'Kahve hülasaları ve konsantreleri', [
      ['210111000000', 'Instant coffee', 'Hazır kahve', 'kg', 9, null, 'i'],
    ]],
  ]],
  ['2103', 'Sauces and condiments', 'Soslar ve çeşniler', [
    ['210390', 'Other sauces and mixed seasonings', 'Diğer soslar ve karışık çeşniler', [
      ['210390900000', 'Ketchup, mayonnaise and sauces', 'Ketçap, mayonez ve soslar', 'kg', 1.8, null, 'e'],
    ]],
  ]],
  ['2106', 'Food preparations not elsewhere specified', 'Başka yerde belirtilmeyen gıda müstahzarları', [
    ['210690', 'Other food preparations', 'Diğer gıda müstahzarları', [
      ['210690980000', 'Food supplements and mixes', 'Gıda takviyeleri ve karışımları', 'kg', 4, null, 'ie'],
    ]],
  ]],
  ['2202', 'Soft drinks and other non-alcoholic beverages', 'Alkolsüz içecekler', [
    ['220210', 'Sweetened or flavoured waters', 'Tatlandırılmış veya aromalı sular', [
      ['220210000000', 'Carbonated soft drinks', 'Gazlı içecekler', 'l', 0.5, 1.05, 'e'],
    ]],
    ['220299', 'Other non-alcoholic beverages', 'Diğer alkolsüz içecekler', [
      ['220299180000', 'Energy drinks', 'Enerji içecekleri', 'l', 1.2, 1.05, 'e'],
    ]],
  ]],
  ['2203', 'Beer made from malt', 'Malttan bira', [
    ['220300', 'Beer made from malt', 'Malttan bira', [
      ['220300010000', 'Beer in bottles and cans', 'Şişe ve kutu bira', 'l', 0.9, 1, 'e'],
    ]],
  ]],
  ['2204', 'Wine of fresh grapes', 'Taze üzüm şarabı', [
    ['220421', 'Wine in containers of 2 l or less', '2 litreyi geçmeyen kaplarda şarap', [
      ['220421930000', 'Bottled wine', 'Şişelenmiş şarap', 'l', 4, 1.2, 'i'],
    ]],
  ]],
  ['2208', 'Spirits and liqueurs', 'Damıtılmış alkollü içkiler', [
    ['220830', 'Whiskies', 'Viskiler', [
      ['220830300000', 'Blended whisky', 'Harman viski', 'l', 8, 1, 'i'],
    ]],
    ['220890', 'Other spirits', 'Diğer alkollü içkiler', [
      ['220890480011', 'Rakı', 'Rakı', 'l', 5, 0.95, 'e'],
    ]],
  ]],
  ['2304', 'Soya-bean oil-cake', 'Soya küspesi', [
    ['230400', 'Soya-bean oil-cake and meal', 'Soya küspesi ve unu', [
      ['230400000000', 'Soya-bean meal', 'Soya küspesi', 'kg', 0.5, null, 'i'],
    ]],
  ]],
  ['2309', 'Animal feed preparations', 'Hayvan yemi müstahzarları', [
    ['230910', 'Dog or cat food for retail sale', 'Perakende kedi ve köpek maması', [
      ['230910900000', 'Dry pet food', 'Kuru kedi ve köpek maması', 'kg', 2.2, null, 'e'],
    ]],
  ]],
  ['2401', 'Unmanufactured tobacco', 'İşlenmemiş tütün', [
    ['240120', 'Tobacco, partly or wholly stemmed', 'Kısmen veya tamamen sapı ayrılmış tütün', [
      ['240120350000', 'Oriental leaf tobacco', 'Şark tipi yaprak tütün', 'kg', 5, null, 'ie'],
    ]],
  ]],
  ['2402', 'Cigars and cigarettes', 'Puro ve sigaralar', [
    ['240220', 'Cigarettes containing tobacco', 'Tütün içeren sigaralar', [
      ['240220900000', 'Cigarettes', 'Sigara', '1000u', 25, 1, 'e'],
    ]],
  ]],
];
