// Words of shop listings that say nothing about what the goods are. Written by category from
// general knowledge of e-commerce titles (what a marketplace's own title guidelines tell sellers
// to leave out: praise, promotions, audiences, occasions, sizes, counts and units), never from
// the evaluation set. Folded and unstemmed, as terms() sees them. A word only matters here if the
// tariff uses it (other words are ignored anyway), so each category is small and obvious.

// Praise and fashion: how good or how new, never what.
const PRAISE = [
  'new', 'newest', 'latest', 'hot', 'best', 'top', 'quality', 'high', 'premium', 'luxury', 'luxurious', 'deluxe', 'fashion',
  'fashionable', 'style', 'styles', 'stylish', 'trendy', 'trend', 'trending', 'cute', 'lovely', 'beautiful', 'pretty', 'elegant',
  'classic', 'vintage', 'retro', 'modern', 'simple', 'creative', 'unique', 'popular', 'perfect', 'amazing', 'awesome', 'nice',
  'cool', 'fun', 'funny', 'fancy', 'charming', 'chic', 'casual', 'comfortable', 'comfy', 'ultra', 'super', 'excellent', 'great',
];
// Selling and promotion terms.
const SELLING = [
  'sale', 'sales', 'seller', 'selling', 'bestseller', 'cheap', 'discount', 'promotion', 'promo', 'offer', 'deal', 'deals', 'free',
  'shipping', 'delivery', 'wholesale', 'retail', 'dropshipping', 'stock', 'limited', 'edition', 'exclusive', 'brand', 'branded',
  'official', 'original', 'genuine', 'authentic', 'design', 'designer', 'personalized', 'personalised', 'custom', 'customized',
  'item', 'items', 'product', 'products', 'type', 'model', 'version', 'handmade', 'diy', 'making',
];
// Who it is for and when: audiences, seasons, occasions.
const AUDIENCE = [
  'men', 'mens', 'women', 'womens', 'woman', 'man', 'ladies', 'lady', 'girl', 'girls', 'boy', 'boys', 'unisex', 'female', 'male',
  'teen', 'teens', 'spring', 'summer', 'autumn', 'fall', 'winter', 'season', 'seasons', 'seasonal', 'year', 'years', 'day', 'daily',
  'everyday', 'gift', 'gifts', 'present', 'party', 'wedding', 'birthday', 'christmas', 'holiday', 'anniversary', 'valentine',
];
// Sizes, counts, packs and units (numbers themselves are dropped as words with digits).
const MEASURES = [
  'pcs', 'pc', 'piece', 'pieces', 'set', 'sets', 'pack', 'packs', 'lot', 'pair', 'pairs', 'size', 'sizes', 'mini', 'big', 'large',
  'small', 'medium', 'xs', 'xl', 'xxl', 'xxxl', 'oversize', 'oversized', 'cm', 'mm', 'ml', 'kg', 'inch', 'inches', 'oz', 'lb', 'lbs',
  'mixed', 'assorted', 'random', 'various', 'multi',
];

// The boilerplate of Turkish customs rulings and declarations (general knowledge of their style:
// 'X marka Y model, analiz raporuna göre ... mamul eşya'): brand, model, report, 'made of', 'goods'.
const TURKISH_BOILERPLATE = [
  'marka', 'markali', 'markasi', 'modeli', 'modelli', 'esya', 'esyasi', 'esyadir', 'ticari', 'tanim', 'tanimi', 'tanimli',
  'isimli', 'adli', 'kodlu', 'numarali', 'rapor', 'raporu', 'raporuna', 'rapora', 'gore', 'mamul', 'mamuldur', 'olup',
  'olarak', 'bulunan', 'sahip', 'seklinde', 'tarafindan', 'uzere', 'yaklasik', 'adet', 'ayrica', 'cesitli', 'urun', 'urunu',
  'mevcut', 'icerisinde', 'uzerinde', 'yapilan', 'yapilmis', 'edilen', 'edilmis', 'olmayan', 'yeni', 'kaliteli',
];

// Words that do name goods in the tariff ('tools', 'lighting', 'accessories' of vehicles, 'green'
// tea, 'white' sugar) but in listings are mostly filler or a variant's attribute: counted, at a
// fraction of their weight. Colours are here for that reason.
const LISTING_WEAK = [
  'accessories', 'accessory', 'decoration', 'decorative', 'decor', 'supplies', 'tool', 'tools', 'home', 'household', 'light',
  'soft', 'wear', 'fresh', 'outdoor', 'indoor', 'portable', 'kids', 'children', 'child', 'baby', 'adult', 'office', 'school',
  'color', 'colour', 'colors', 'colours', 'coloured', 'multicolor', 'multicolour', 'black', 'white', 'red', 'blue', 'green',
  'yellow', 'pink', 'purple', 'orange', 'brown', 'grey', 'beige', 'navy',
];

export const NOISE_WORDS: ReadonlySet<string> = new Set([...PRAISE, ...SELLING, ...AUDIENCE, ...MEASURES, ...TURKISH_BOILERPLATE]);
export const WEAK_WORDS: ReadonlySet<string> = new Set(LISTING_WEAK);
