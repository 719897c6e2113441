// The tariff names goods and materials by class ('of base metal', 'of plastics', 'articles of
// jewellery'); descriptions name the thing itself ('stainless steel', 'silicone', 'necklace').
// Each class and its members are those of the HS legal notes: Section XV note 3 (the base metals),
// Chapter 39 note 1 (plastics: polymers of chapter 39, silicones included), Section XI (textile
// fibres). A member also stands for its class's words. Precious metals are left out: the tariff
// names each of them ('of silver', 'of gold'), and their class words pulled silver jewellery to
// the goldsmiths' wares of 7114.
const CLASSES: ReadonlyArray<[string, readonly string[]]> = [
  ['base metal', ['steel', 'stainless', 'iron', 'copper', 'brass', 'bronze', 'nickel', 'aluminium', 'lead', 'zinc', 'tin',
    'tungsten', 'molybdenum', 'tantalum', 'magnesium', 'cobalt', 'bismuth', 'cadmium', 'titanium', 'zirconium', 'antimony',
    'manganese', 'beryllium', 'chromium', 'germanium', 'vanadium', 'gallium', 'hafnium', 'indium', 'niobium', 'rhenium',
    'thallium', 'alloy', 'celik', 'demir', 'bakir', 'pirinc', 'cinko', 'aluminyum', 'alasim']],
  ['plastics', ['plastic', 'silicone', 'pvc', 'polyethylene', 'polypropylene', 'polystyrene', 'polyurethane', 'pu', 'abs',
    'acrylic', 'eva', 'resin', 'pet', 'polycarbonate', 'polyamide', 'epoxy', 'melamine', 'plastik', 'silikon']],
  ['textile materials', ['cotton', 'polyester', 'nylon', 'wool', 'silk', 'linen', 'flax', 'viscose', 'rayon', 'acrylic',
    'spandex', 'elastane', 'lycra', 'jute', 'felt', 'fabric', 'cloth', 'pamuk', 'yun', 'ipek', 'keten', 'kumas']],
  // Section XI note 1 to chapter 54: synthetic fibres are made by polymerisation, artificial ones
  // from natural polymers (cellulose); both are man-made.
  ['synthetic fibres', ['polyester', 'nylon', 'polyamide', 'acrylic', 'spandex', 'elastane', 'lycra', 'aramid', 'modacrylic']],
  // Chapter 71 note 9 (a): articles of jewellery are small objects of personal adornment, 'rings,
  // bracelets, necklaces, brooches, ear-rings, watch-chains, fobs, pendants, tie-pins, cuff-links,
  // dress-studs, religious or other medals and insignia'; bangles, anklets and chokers are kinds.
  ['jewellery', ['ring', 'rings', 'bracelet', 'bracelets', 'necklace', 'necklaces', 'brooch', 'brooches', 'earring', 'earrings',
    'pendant', 'pendants', 'cufflinks', 'bangle', 'bangles', 'anklet', 'anklets', 'choker', 'chokers', 'kolye', 'bilezik', 'kupe', 'yuzuk']],
  // Heading 7116 and chapter 71 say 'precious or semi-precious stones (natural, synthetic or
  // reconstructed)'; descriptions name the stone, by its mineral or trade name (general gemmology:
  // cubic zirconia and moissanite are synthetic stones). Not 'crystal' or 'rhinestone', in
  // jewellery mostly glass (7018), nor 'pearl', mostly imitation pearls in listings.
  ['precious stones', ['zircon', 'zircons', 'zirconia', 'cz', 'moissanite', 'diamond', 'diamonds', 'ruby', 'rubies', 'sapphire',
    'sapphires', 'emerald', 'emeralds', 'opal', 'opals', 'jade', 'agate', 'agates', 'amethyst', 'quartz', 'turquoise', 'garnet',
    'garnets', 'topaz', 'onyx', 'jasper', 'lapis', 'tourmaline', 'peridot', 'aquamarine', 'citrine', 'moonstone', 'obsidian',
    'chalcedony', 'carnelian', 'malachite', 'labradorite', 'gemstone', 'gemstones', 'birthstone', 'zirkon']],
  // Heading 6702 and the like say 'artificial'; listings say 'fake', 'faux', 'simulated'.
  ['artificial', ['fake', 'faux', 'simulated', 'simulation', 'yapay']],
  // Kinds of goods the tariff names only by their class (dictionary facts: a wardrobe is furniture,
  // a beanie headgear). Not footwear: the tariff names shoes by kind already ('tennis shoes',
  // 'slippers', 'boots'), and the class word made the dev half worse (HS4 top-1 40.5 -> 39.6 %).
  ['furniture', ['chair', 'chairs', 'sofa', 'sofas', 'couch', 'table', 'tables', 'desk', 'desks', 'wardrobe', 'cupboard',
    'cabinet', 'shelf', 'shelves', 'bookcase', 'stool', 'stools', 'bench', 'dresser', 'nightstand', 'mobilya']],
  ['headgear', ['hat', 'hats', 'cap', 'caps', 'beanie', 'beanies', 'beret', 'bonnet', 'balaclava', 'sapka']],
  ['artificial fibres', ['viscose', 'rayon', 'acetate', 'lyocell', 'modal', 'cupro', 'tencel']],
  ['man-made fibres', ['polyester', 'nylon', 'polyamide', 'spandex', 'elastane', 'lycra', 'viscose', 'rayon', 'acetate', 'lyocell', 'modal']],
];

/** Folded word → the words of each class it belongs to in the tariff. */
export const CLASS_WORDS: ReadonlyMap<string, ReadonlyArray<readonly string[]>> = (() => {
  const out = new Map<string, string[][]>();
  for (const [cls, members] of CLASSES) for (const m of members) out.set(m, [...(out.get(m) ?? []), cls.split(' ')]);
  return out;
})();
