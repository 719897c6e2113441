// Words of shop listings that say nothing about what the goods are: praise, fashion, seasons,
// audiences and selling terms. Written from general knowledge of listing language; never from the
// evaluation set. Folded and unstemmed, as terms() sees them.
const LISTING_NOISE = [
  'new', 'hot', 'sale', 'sales', 'best', 'seller', 'selling', 'top', 'quality', 'high', 'premium', 'luxury', 'fashion', 'fashionable',
  'style', 'styles', 'stylish', 'trendy', 'trend', 'cute', 'lovely', 'beautiful', 'gorgeous', 'elegant', 'exquisite', 'versatile',
  'classic', 'vintage', 'retro', 'modern', 'simple', 'creative', 'unique', 'popular', 'personalized', 'personality', 'niche',
  'design', 'designer', 'original', 'genuine', 'authentic', 'brand', 'branded', 'official', 'free', 'shipping', 'wholesale',
  'dropshipping', 'gift', 'gifts', 'present', 'ins', 'korean', 'european', 'american', 'japanese', 'chinese', 'version',
  'men', 'mens', 'women', 'womens', 'woman', 'man', 'ladies', 'lady', 'girl', 'girls', 'boy', 'boys', 'unisex', 'female', 'male',
  'spring', 'summer', 'autumn', 'fall', 'winter', 'season', 'seasons', 'year', 'years', 'day', 'daily', 'everyday',
  'pcs', 'pc', 'piece', 'pieces', 'set', 'sets', 'pack', 'lot', 'pair', 'pairs', 'size', 'sizes', 'color', 'colors', 'colour',
  'colours', 'multicolor', 'mixed', 'assorted', 'random', 'various', 'ultra', 'super', 'mini', 'big', 'large', 'small',
  'cheap', 'discount', 'promotion', 'limited', 'edition', 'exclusive', 'perfect', 'amazing', 'nice', 'cool', 'fun', 'funny',
  'dynamic', 'temperament', 'advanced', 'sense', 'casual', 'comfortable', 'item', 'items', 'product', 'products', 'type',
  'model', 'wind', 'handmade', 'diy', 'making', 'party', 'wedding', 'birthday', 'christmas',
];

// Words that do name goods in the tariff ('tools', 'lighting', 'accessories' of vehicles) but in
// listings are mostly filler: counted, at a fraction of their weight.
const LISTING_WEAK = [
  'accessories', 'accessory', 'decoration', 'decorative', 'decor', 'supplies', 'tool', 'tools', 'home', 'household', 'light',
  'soft', 'wear', 'fresh', 'outdoor', 'indoor', 'portable', 'kids', 'children', 'child', 'baby', 'adult', 'office', 'school',
];

export const NOISE_WORDS: ReadonlySet<string> = new Set(LISTING_NOISE);
export const WEAK_WORDS: ReadonlySet<string> = new Set(LISTING_WEAK);
