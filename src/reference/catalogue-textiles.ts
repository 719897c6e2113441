// Catalogue rows for chapters 50–67: fibres, yarn, fabrics, carpets, apparel, home textiles and
// footwear.
import type { HeadingRow } from './catalogue.js';

export const TEXTILES: HeadingRow[] = [
  ['5201', 'Cotton, not carded or combed', 'Karde edilmemiş veya taranmamış pamuk', [
    ['520100', 'Cotton, not carded or combed', 'Karde edilmemiş veya taranmamış pamuk', [
      ['520100900000', 'Raw cotton lint', 'Ham pamuk (lif)', 'kg', 1.9, null, 'i'],
    ]],
  ]],
  ['5205', 'Cotton yarn, 85 % or more cotton', 'Ağırlıkça %85 veya fazla pamuk içeren iplik', [
    ['520512', 'Single yarn of uncombed fibres, 232–714 dtex', 'Taranmamış liflerden tek kat iplik, 232–714 desiteks', [
      ['520512000000', 'Open-end cotton yarn', 'Open-end pamuk ipliği', 'kg', 3.3, null, 'ie'],
    ]],
    ['520522', 'Single yarn of combed fibres, 232–714 dtex', 'Taranmış liflerden tek kat iplik, 232–714 desiteks', [
      ['520522000000', 'Combed ring-spun cotton yarn', 'Penye ring pamuk ipliği', 'kg', 4, null, 'e'],
    ]],
  ]],
  ['5208', 'Woven cotton fabrics up to 200 g/m²', '200 g/m²’yi geçmeyen pamuklu dokunmuş mensucat', [
    ['520832', 'Dyed plain-weave cotton, over 100 g/m²', '100 g/m²’yi aşan boyalı bezayağı pamuklu', [
      ['520832000000', 'Dyed cotton poplin', 'Boyalı pamuklu poplin', 'kg', 8, null, 'e'],
    ]],
    ['520852', 'Printed plain-weave cotton, over 100 g/m²', '100 g/m²’yi aşan baskılı bezayağı pamuklu', [
      ['520852000000', 'Printed cotton fabric', 'Baskılı pamuklu kumaş', 'kg', 9, null, 'e'],
    ]],
  ]],
  ['5209', 'Woven cotton fabrics over 200 g/m²', '200 g/m²’yi aşan pamuklu dokunmuş mensucat', [
    ['520942', 'Denim', 'Denim', [
      ['520942000000', 'Denim fabric', 'Denim kumaş', 'kg', 7.5, null, 'e'],
    ]],
  ]],
  ['5402', 'Synthetic filament yarn, not for retail sale', 'Perakende olmayan sentetik filament iplikler', [
    ['540233', 'Textured polyester yarn', 'Tekstüre poliester iplik', [
      ['540233000000', 'Textured polyester filament yarn', 'Tekstüre poliester filament iplik', 'kg', 1.8, null, 'ie'],
    ]],
  ]],
  ['5407', 'Woven fabrics of synthetic filament yarn', 'Sentetik filament iplikten dokunmuş mensucat', [
    ['540752', 'Dyed fabrics of textured polyester', 'Boyalı tekstüre poliester kumaşlar', [
      ['540752000000', 'Dyed polyester fabric', 'Boyalı poliester kumaş', 'kg', 6, null, 'e'],
    ]],
  ]],
  ['5503', 'Synthetic staple fibres, not carded', 'Karde edilmemiş sentetik devamsız lifler', [
    ['550320', 'Polyester staple fibres', 'Poliester devamsız lifler', [
      ['550320000000', 'Polyester staple fibre', 'Poliester elyaf', 'kg', 1.2, null, 'i'],
    ]],
  ]],
  ['5504', 'Artificial staple fibres, not carded', 'Karde edilmemiş suni devamsız lifler', [
    ['550410', 'Viscose rayon staple fibres', 'Viskoz devamsız lifler', [
      ['550410000000', 'Viscose staple fibre', 'Viskon elyaf', 'kg', 1.9, null, 'i'],
    ]],
  ]],
  ['5509', 'Yarn of synthetic staple fibres', 'Sentetik devamsız liflerden iplikler', [
    ['550953', 'Polyester yarn mixed with cotton', 'Pamukla karışık poliester iplik', [
      ['550953000000', 'Polyester-cotton blended yarn', 'Poliester-pamuk karışımlı iplik', 'kg', 3, null, 'e'],
    ]],
  ]],
  ['5515', 'Other woven fabrics of synthetic staple fibres', 'Sentetik devamsız liflerden diğer dokunmuş mensucat', [
    ['551511', 'Polyester mixed with viscose', 'Viskozla karışık poliester', [
      ['551511100000', 'Polyester-viscose suiting fabric', 'Poliester-viskon takım elbiselik kumaş', 'kg', 7, null, 'e'],
    ]],
  ]],
  ['5603', 'Nonwovens', 'Dokunmamış mensucat', [
    ['560312', 'Nonwovens of man-made filaments, 25–70 g/m²', 'Sentetik filamentten dokunmamış mensucat, 25–70 g/m²', [
      ['560312900000', 'Spunbond nonwoven', 'Spunbond dokunmamış kumaş', 'kg', 3, null, 'ie'],
    ]],
  ]],
  ['5701', 'Knotted carpets', 'Düğümlü halılar', [
    ['570110', 'Knotted carpets of wool or fine animal hair', 'Yün veya ince hayvan kılından düğümlü halılar', [
      ['570110900000', 'Hand-knotted wool carpets', 'El dokuması yün halı', 'm2', 40, 4, 'e'],
    ]],
  ]],
  ['5702', 'Woven carpets', 'Dokuma halılar', [
    ['570242', 'Made-up pile carpets of man-made materials', 'Sentetik maddelerden hazır havlı halılar', [
      ['570242000000', 'Machine-woven polypropylene carpets', 'Polipropilen makine halısı', 'm2', 4.5, 2.2, 'e'],
    ]],
  ]],
  ['5703', 'Tufted carpets', 'Tufte halılar', [
    ['570339', 'Tufted carpets of other man-made materials', 'Diğer sentetik maddelerden tufte halılar', [
      ['570339000000', 'Tufted polyester carpets', 'Tufte poliester halı', 'm2', 3.5, 1.8, 'e'],
    ]],
  ]],
  ['6004', 'Knitted fabrics with 5 % or more elastomeric yarn', '%5 veya fazla elastomerik iplikli örme kumaşlar', [
    ['600410', 'Knitted fabrics with elastomeric yarn, no rubber thread', 'Kauçuk iplik içermeyen elastanlı örme kumaşlar', [
      ['600410000000', 'Elastane knitted fabric', 'Likralı örme kumaş', 'kg', 8, null, 'e'],
    ]],
  ]],
  ['6006', 'Other knitted or crocheted fabrics', 'Diğer örme kumaşlar', [
    ['600622', 'Dyed knitted fabrics of cotton', 'Boyalı pamuklu örme kumaşlar', [
      ['600622000000', 'Dyed cotton single jersey', 'Boyalı pamuklu süprem', 'kg', 6.5, null, 'e'],
    ]],
    ['600632', 'Dyed knitted fabrics of synthetic fibres', 'Boyalı sentetik örme kumaşlar', [
      ['600632000000', 'Dyed polyester knitted fabric', 'Boyalı poliester örme kumaş', 'kg', 5.5, null, 'e'],
    ]],
  ]],
  ['6104', 'Women’s suits, dresses, skirts and trousers, knitted', 'Örme kadın takım, elbise, etek ve pantolonları', [
    ['610443', 'Dresses of synthetic fibres, knitted', 'Sentetik liflerden örme elbiseler', [
      ['610443000000', 'Knitted polyester dresses', 'Örme poliester elbise', 'u', 30, 0.35, 'e'],
    ]],
    ['610462', 'Trousers and shorts of cotton, knitted', 'Pamuklu örme pantolon ve şortlar', [
      ['610462000000', 'Women’s knitted cotton trousers', 'Kadın pamuklu örme pantolon', 'u', 22, 0.4, 'e'],
    ]],
  ]],
  ['6105', 'Men’s shirts, knitted', 'Örme erkek gömlekleri', [
    ['610510', 'Men’s shirts of cotton, knitted', 'Pamuklu örme erkek gömlekleri', [
      ['610510000000', 'Men’s cotton polo shirts', 'Erkek pamuklu polo yaka tişört', 'u', 24, 0.25, 'e'],
    ]],
  ]],
  ['6106', 'Women’s blouses and shirts, knitted', 'Örme kadın bluz ve gömlekleri', [
    ['610610', 'Women’s blouses of cotton, knitted', 'Pamuklu örme kadın bluzları', [
      ['610610000000', 'Women’s knitted cotton blouses', 'Kadın pamuklu örme bluz', 'u', 25, 0.2, 'e'],
    ]],
  ]],
  ['6108', 'Women’s underwear and nightwear, knitted', 'Örme kadın iç çamaşırı ve gecelikleri', [
    ['610821', 'Briefs and panties of cotton, knitted', 'Pamuklu örme külotlar', [
      ['610821000000', 'Women’s cotton briefs', 'Kadın pamuklu külot', 'u', 30, 0.05, 'e'],
    ]],
    ['610831', 'Nightdresses and pyjamas of cotton, knitted', 'Pamuklu örme gecelik ve pijamalar', [
      ['610831000000', 'Cotton pyjamas', 'Pamuklu pijama takımı', 'u', 20, 0.35, 'e'],
    ]],
  ]],
  ['6109', 'T-shirts, singlets and vests, knitted', 'Örme tişört, fanila ve atletler', [
    ['610910', 'T-shirts and vests of cotton', 'Pamuktan tişört ve atletler', [
      ['610910000011', 'Men’s cotton T-shirts', 'Erkek pamuklu tişört', 'u', 25, 0.2, 'e'],
      ['610910000012', 'Women’s cotton T-shirts', 'Kadın pamuklu tişört', 'u', 26, 0.17, 'e'],
    ]],
    ['610990', 'T-shirts and vests of other textiles', 'Diğer dokumaya elverişli maddelerden tişört ve atletler', [
      ['610990200000', 'Polyester sports T-shirts', 'Poliester spor tişört', 'u', 23, 0.18, 'e'],
    ]],
  ]],
  ['6110', 'Jerseys, pullovers and cardigans, knitted', 'Örme kazak, süveter ve hırkalar', [
    ['611011', 'Jerseys of wool, knitted', 'Yünlü örme kazaklar', [
      ['611011100000', 'Wool pullovers', 'Yün kazak', 'u', 45, 0.5, 'e'],
    ]],
    ['611020', 'Jerseys of cotton, knitted', 'Pamuklu örme kazaklar', [
      ['611020100000', 'Cotton sweatshirts', 'Pamuklu sweatshirt', 'u', 24, 0.45, 'e'],
    ]],
    ['611030', 'Jerseys of man-made fibres, knitted', 'Sentetik veya suni liflerden örme kazaklar', [
      ['611030990000', 'Acrylic cardigans', 'Akrilik hırka', 'u', 20, 0.4, 'e'],
    ]],
  ]],
  ['6111', 'Babies’ garments, knitted', 'Örme bebek giyim eşyası', [
    ['611120', 'Babies’ garments of cotton, knitted', 'Pamuklu örme bebek giyim eşyası', [
      ['611120900000', 'Cotton baby bodysuits', 'Pamuklu bebek zıbını', 'u', 28, 0.1, 'e'],
    ]],
  ]],
  ['6112', 'Track suits, ski suits and swimwear, knitted', 'Örme eşofman, kayak kıyafeti ve mayolar', [
    ['611212', 'Track suits of synthetic fibres', 'Sentetik liflerden eşofmanlar', [
      ['611212000000', 'Polyester track suits', 'Poliester eşofman takımı', 'u', 18, 0.6, 'e'],
    ]],
    ['611241', 'Women’s swimwear of synthetic fibres', 'Sentetik liflerden kadın mayoları', [
      ['611241900000', 'Women’s swimsuits', 'Kadın mayosu', 'u', 35, 0.15, 'e'],
    ]],
  ]],
  ['6115', 'Hosiery, knitted', 'Örme çoraplar', [
    ['611521', 'Panty hose of synthetic yarn under 67 dtex', '67 desitekstan ince sentetik külotlu çoraplar', [
      ['611521000000', 'Sheer tights', 'İnce külotlu çorap', 'pair', 30, 0.03, 'e'],
    ]],
    ['611595', 'Other hosiery of cotton', 'Pamuklu diğer çoraplar', [
      ['611595000000', 'Cotton socks', 'Pamuklu çorap', 'pair', 20, 0.04, 'e'],
    ]],
    ['611596', 'Other hosiery of synthetic fibres', 'Sentetik liflerden diğer çoraplar', [
      ['611596990000', 'Synthetic socks', 'Sentetik çorap', 'pair', 18, 0.04, 'e'],
    ]],
  ]],
  ['6201', 'Men’s coats and jackets, not knitted', 'Örülmemiş erkek palto, mont ve ceketleri', [
    ['620140', 'Men’s coats of man-made fibres', 'Sentetik veya suni liflerden erkek montları', [
      ['620140000000', 'Men’s padded jackets', 'Erkek şişme mont', 'u', 28, 1.2, 'ie'],
    ]],
  ]],
  ['6202', 'Women’s coats and jackets, not knitted', 'Örülmemiş kadın palto, mont ve ceketleri', [
    ['620240', 'Women’s coats of man-made fibres', 'Sentetik veya suni liflerden kadın montları', [
      ['620240000000', 'Women’s padded jackets', 'Kadın şişme mont', 'u', 32, 1, 'e'],
    ]],
  ]],
  ['6203', 'Men’s suits, jackets and trousers, not knitted', 'Örülmemiş erkek takım elbise, ceket ve pantolonları', [
    ['620312', 'Men’s suits of synthetic fibres', 'Sentetik liflerden erkek takım elbiseleri', [
      ['620312000000', 'Men’s suits', 'Erkek takım elbise', 'u', 40, 1.2, 'e'],
    ]],
    ['620342', 'Men’s trousers and shorts of cotton', 'Pamuklu erkek pantolon ve şortları', [
      ['620342310011', 'Men’s denim jeans', 'Erkek kot pantolon', 'u', 22, 0.65, 'e'],
      ['620342590000', 'Men’s cotton chinos', 'Erkek pamuklu pantolon', 'u', 20, 0.55, 'e'],
    ]],
  ]],
  ['6204', 'Women’s suits, dresses, skirts and trousers, not knitted', 'Örülmemiş kadın takım, elbise, etek ve pantolonları', [
    ['620442', 'Dresses of cotton', 'Pamuklu elbiseler', [
      ['620442000000', 'Women’s cotton dresses', 'Kadın pamuklu elbise', 'u', 32, 0.35, 'e'],
    ]],
    ['620443', 'Dresses of synthetic fibres', 'Sentetik liflerden elbiseler', [
      ['620443000000', 'Women’s polyester dresses', 'Kadın poliester elbise', 'u', 40, 0.35, 'e'],
    ]],
    ['620462', 'Women’s trousers and shorts of cotton', 'Pamuklu kadın pantolon ve şortları', [
      ['620462310000', 'Women’s denim jeans', 'Kadın kot pantolon', 'u', 24, 0.55, 'e'],
    ]],
  ]],
  ['6205', 'Men’s shirts, not knitted', 'Örülmemiş erkek gömlekleri', [
    ['620520', 'Men’s shirts of cotton', 'Pamuklu erkek gömlekleri', [
      ['620520000000', 'Men’s cotton shirts', 'Erkek pamuklu gömlek', 'u', 30, 0.3, 'e'],
    ]],
  ]],
  ['6206', 'Women’s blouses and shirts, not knitted', 'Örülmemiş kadın bluz ve gömlekleri', [
    ['620640', 'Women’s blouses of man-made fibres', 'Sentetik veya suni liflerden kadın bluzları', [
      ['620640000000', 'Women’s viscose blouses', 'Kadın viskon bluz', 'u', 35, 0.2, 'e'],
    ]],
  ]],
  ['6212', 'Brassieres, girdles and corsets', 'Sutyen, korse ve benzerleri', [
    ['621210', 'Brassieres', 'Sutyenler', [
      ['621210900000', 'Brassieres', 'Sutyen', 'u', 45, 0.07, 'e'],
    ]],
  ]],
  ['6302', 'Bed, table, toilet and kitchen linen', 'Yatak, masa, tuvalet ve mutfak çamaşırları', [
    ['630221', 'Printed bed linen of cotton', 'Baskılı pamuklu yatak çarşafları', [
      ['630221000000', 'Printed cotton duvet cover sets', 'Baskılı pamuklu nevresim takımı', 'kg', 9, null, 'e'],
    ]],
    ['630231', 'Other bed linen of cotton', 'Pamuklu diğer yatak çarşafları', [
      ['630231000000', 'Plain cotton bed sheets', 'Düz pamuklu çarşaf', 'kg', 8.5, null, 'e'],
    ]],
    ['630260', 'Toilet and kitchen linen of cotton terry', 'Pamuklu havlu kumaşından tuvalet ve mutfak çamaşırları', [
      ['630260000000', 'Cotton towels and bathrobes', 'Pamuklu havlu ve bornoz', 'kg', 8, null, 'e'],
    ]],
  ]],
  ['6303', 'Curtains and interior blinds', 'Perdeler ve iç storlar', [
    ['630392', 'Curtains of synthetic fibres, not knitted', 'Sentetik liflerden örülmemiş perdeler', [
      ['630392900000', 'Polyester curtains', 'Poliester perde', 'kg', 7, null, 'e'],
    ]],
  ]],
  ['6305', 'Sacks and bags for packing goods', 'Ambalaj için torba ve çuvallar', [
    ['630533', 'Sacks of polyethylene or polypropylene strip', 'Polietilen veya polipropilen şeritten çuvallar', [
      ['630533900000', 'Woven polypropylene sacks', 'Dokuma polipropilen çuval', 'kg', 2.2, null, 'e'],
    ]],
  ]],
  ['6402', 'Footwear with soles and uppers of rubber or plastics', 'Tabanı ve yüzü kauçuk veya plastikten ayakkabılar', [
    ['640299', 'Other footwear of rubber or plastics', 'Kauçuk veya plastikten diğer ayakkabılar', [
      ['640299980000', 'Plastic slippers and sandals', 'Plastik terlik ve sandalet', 'pair', 9, 0.6, 'ie'],
    ]],
  ]],
  ['6403', 'Footwear with uppers of leather', 'Yüzü deriden ayakkabılar', [
    ['640399', 'Other footwear with leather uppers', 'Yüzü deriden diğer ayakkabılar', [
      ['640399930000', 'Leather shoes', 'Deri ayakkabı', 'pair', 28, 0.9, 'ie'],
    ]],
  ]],
  ['6404', 'Footwear with uppers of textile materials', 'Yüzü tekstilden ayakkabılar', [
    ['640411', 'Sports footwear with textile uppers', 'Yüzü tekstilden spor ayakkabılar', [
      ['640411000000', 'Textile sports shoes', 'Tekstil spor ayakkabı', 'pair', 18, 0.8, 'ie'],
    ]],
    ['640419', 'Other footwear with textile uppers', 'Yüzü tekstilden diğer ayakkabılar', [
      ['640419900000', 'Textile house slippers', 'Tekstil ev terliği', 'pair', 10, 0.5, 'e'],
    ]],
  ]],
  ['6406', 'Parts of footwear', 'Ayakkabı aksamı', [
    ['640620', 'Outer soles and heels of rubber or plastics', 'Kauçuk veya plastikten dış taban ve topuklar', [
      ['640620900000', 'Rubber and PU outsoles', 'Kauçuk ve poliüretan taban', 'kg', 4, null, 'ie'],
    ]],
  ]],
];
