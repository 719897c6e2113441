// Legal notes that words alone miss. Chapter 71: jewellery is of precious metal (7113) or goldsmiths'
// wares (7114) only when made of or clad with gold, silver or platinum; a listing that says
// 'jewelry' without such a metal, or only 'gold color' or 'gold plated', is imitation jewellery (7117).
import type { Term } from './terms.js';

// Turkish names the material with a case or '-li' suffix ('çelikten', 'camdan', 'pamuklu',
// 'plastikten mamul'): a word names a listed material when it is one, or one plus such a suffix.
const TURKISH_SUFFIXES = ['ndan', 'nden', 'dan', 'den', 'tan', 'ten', 'li', 'lu'];

/** Which of `words` a folded word is, directly or with a Turkish case or '-li' suffix; else undefined. */
export function names(words: ReadonlySet<string> | readonly string[], word: string): string | undefined {
  const has = (w: string) => ('has' in words ? words.has(w) : words.includes(w));
  if (has(word)) return word;
  for (const s of TURKISH_SUFFIXES) {
    if (word.length > s.length + 1 && word.endsWith(s) && has(word.slice(0, -s.length))) return word.slice(0, -s.length);
  }
  return undefined;
}

const PRECIOUS = new Set(['gold', 'silver', 'platinum', 'palladium', 'rhodium', 'precious', 'sterling', 'karat', 'carat', 'kt', 'altin', 'gumus']);
const PRECIOUS_CODES = /^(\d{1,2}k|s?925|s?999|750|585)$/;
const LOOKALIKE = new Set(['color', 'colour', 'colored', 'coloured', 'tone', 'toned', 'plated', 'plating', 'filled', 'foil', 'rengi', 'kaplama']);

/** Headings a description cannot reach without the words their legal text requires. */
export function excludedHeadings(words: readonly Term[]): Set<string> {
  let precious = false;
  words.forEach(({ word }, i) => {
    if (PRECIOUS_CODES.test(word)) precious = true;
    else if (names(PRECIOUS, word) && !LOOKALIKE.has(words[i + 1]?.word ?? '')) precious = true;
  });
  return precious ? new Set() : new Set(['7113', '7114']);
}

// The tariff's chapters by the material that defines them (the HS sections are laid out by
// material: plastics 39, rubber 40, wood 44, paper 47-48, textiles 50-63, stone 68, ceramics 69,
// glass 70, base metals 72-83). Chapters of goods made of anything (42 bags, 64 footwear, 84-97)
// are not here. Words in their folded form.
const MATERIALS: ReadonlyArray<[string, readonly string[], readonly string[]]> = [
  ['plastics', ['39'], ['plastic', 'plastics', 'silicone', 'pvc', 'polyethylene', 'polypropylene', 'polystyrene', 'polyurethane',
    'pu', 'abs', 'acrylic', 'eva', 'resin', 'polycarbonate', 'epoxy', 'melamine', 'vinyl', 'nylon', 'plastik', 'silikon']],
  ['rubber', ['40'], ['rubber', 'latex', 'neoprene', 'kaucuk']],
  ['leather', ['41'], ['leather', 'suede', 'cowhide', 'sheepskin', 'deri']],
  ['wood', ['44'], ['wood', 'wooden', 'bamboo', 'pine', 'oak', 'beech', 'plywood', 'mdf', 'ahsap', 'tahta']],
  ['paper', ['47', '48'], ['paper', 'cardboard', 'paperboard', 'carton', 'kraft', 'kagit', 'karton']],
  ['textile', ['50', '51', '52', '53', '54', '55', '56', '58', '59', '60', '61', '62', '63'], ['cotton', 'polyester', 'nylon', 'wool',
    'silk', 'linen', 'viscose', 'rayon', 'spandex', 'fabric', 'cloth', 'knit', 'knitted', 'woven', 'satin', 'velvet', 'denim', 'felt',
    'chiffon', 'fleece', 'pamuk', 'kumas', 'yun', 'ipek', 'orme', 'dokuma']],
  ['stone', ['68'], ['stone', 'marble', 'granite', 'slate', 'mermer', 'tas']],
  ['ceramic', ['69'], ['ceramic', 'ceramics', 'porcelain', 'stoneware', 'earthenware', 'seramik', 'porselen']],
  ['glass', ['70'], ['glass', 'crystal', 'crystals', 'cam']],
  ['metal', ['72', '73', '74', '75', '76', '78', '79', '80', '81', '82', '83'], ['metal', 'metallic', 'steel', 'stainless', 'iron',
    'copper', 'brass', 'bronze', 'aluminium', 'zinc', 'tin', 'titanium', 'alloy', 'nickel', 'celik', 'demir', 'bakir', 'aluminyum']],
];
// Within the base metals (Section XV) and the textile fibres (chapters 50-55), each chapter is one
// metal or fibre: a description naming only some of them is not in the others' chapters.
type Family = ReadonlyArray<[chapters: readonly string[], words: readonly string[]]>;
const METALS: Family = [
  [['72', '73'], ['steel', 'stainless', 'iron', 'celik', 'demir']],
  [['74'], ['copper', 'brass', 'bronze', 'bakir', 'pirinc']],
  [['75'], ['nickel']],
  [['76'], ['aluminium', 'aluminyum']],
  [['78'], ['lead']],
  [['79'], ['zinc', 'cinko']],
  [['80'], ['tin']],
];
const FIBRES: Family = [
  [['50'], ['silk', 'ipek']],
  [['51'], ['wool', 'cashmere', 'yun']],
  [['52'], ['cotton', 'pamuk']],
  [['53'], ['flax', 'linen', 'jute', 'hemp', 'keten']],
  [['54', '55'], ['polyester', 'nylon', 'polyamide', 'acrylic', 'viscose', 'rayon', 'spandex', 'elastane']],
];
const MATERIAL_CHAPTERS = new Map<string, string>();
for (const [group, chapters] of MATERIALS) for (const c of chapters) MATERIAL_CHAPTERS.set(c, group);
const MATERIAL_OF = new Map<string, string[]>();
for (const [group, , words] of MATERIALS) for (const w of words) MATERIAL_OF.set(w, [...(MATERIAL_OF.get(w) ?? []), group]);
const MATERIAL_WORDS: ReadonlySet<string> = new Set(MATERIAL_OF.keys());

/** Whether a description names a material that defines chapters (plastics, wood, glass, metal…). */
export function namesMaterial(words: readonly Term[]): boolean {
  return words.some(({ word }) => names(MATERIAL_WORDS, word) !== undefined);
}

// Chapter 61 is apparel knitted or crocheted, chapter 62 apparel not knitted or crocheted (and
// chapter 60 knitted fabrics): a description that says which excludes the other.
const KNITTED = new Set(['knit', 'knitted', 'knitting', 'crochet', 'crocheted', 'orme', 'orgu']);
const WOVEN = new Set(['woven', 'dokuma', 'denim']);
// Chapters 1, 3 and 6-8 are live animals, fish, live plants and fresh or dried produce: an
// artificial one is not there (6702 artificial flowers, 9503 toy animals).
const ARTIFICIAL = new Set(['artificial', 'fake', 'faux', 'simulated', 'simulation', 'yapay']);
// Chapters 2, 3, 7 and 8 are meat, fish, vegetables and fruit fresh, chilled, frozen, dried or
// provisionally preserved; prepared or preserved otherwise (fried, marinated, breaded, pickled,
// canned, candied) they are chapters 16 and 20 (chapter 20 note 1, chapter 16's heading texts).
const PREPARED = new Set(['fried', 'marinated', 'seasoned', 'breaded', 'battered', 'crisps', 'pickled', 'canned', 'tinned', 'candied',
  'kizartilmis', 'tursu', 'konserve', 'sekerlenmis']);

/**
 * Chapters defined by a material the description does not name, when it names some material:
 * 'silicone beads' are not glass beads (7018), 'leather pants' not garments of chapter 62; and
 * knitted apparel is not chapter 62, woven not 60/61.
 */
export function conflictingChapters(words: readonly Term[]): Set<string> {
  const named = new Set<string>();
  for (const { word } of words) {
    const material = names(MATERIAL_WORDS, word);
    for (const g of material === undefined ? [] : MATERIAL_OF.get(material)!) named.add(g);
  }
  const out = new Set<string>();
  const knitted = words.some(({ word }) => names(KNITTED, word));
  const woven = words.some(({ word }) => names(WOVEN, word));
  if (knitted && !woven) out.add('62');
  if (woven && !knitted) ['60', '61'].forEach((c) => out.add(c));
  if (words.some(({ word }) => names(ARTIFICIAL, word))) ['01', '03', '06', '07', '08'].forEach((c) => out.add(c));
  if (words.some(({ word }) => names(PREPARED, word))) ['02', '03', '07', '08'].forEach((c) => out.add(c));
  if (named.size === 0) return out;
  for (const [chapter, group] of MATERIAL_CHAPTERS) if (!named.has(group)) out.add(chapter);
  for (const family of [METALS, FIBRES]) {
    const says = family.map(([, ws]) => words.some(({ word }) => names(ws, word)));
    if (!says.includes(true)) continue;
    family.forEach(([chapters], i) => {
      if (!says[i]) chapters.forEach((c) => out.add(c));
    });
  }
  return out;
}

// Chapter 64 by the material of the uppers: 6401/6402 rubber or plastics, 6403 leather, 6404
// textile materials. 'rubber' is left out (it is mostly the sole's).
const UPPERS: ReadonlyArray<[string, readonly string[]]> = [
  ['6403', ['leather', 'suede', 'cowhide', 'deri']],
  ['6404', ['canvas', 'mesh', 'knit', 'knitted', 'fabric', 'textile', 'cloth', 'woven', 'kumas']],
  ['6402', ['pu', 'pvc', 'eva', 'plastic', 'plastics', 'plastik']],
];

// Chapters 61 and 62 give men's or boys' garments and women's or girls' garments headings of their
// own (chapter 61 note 9, chapter 62 note 8): a description for one is not in the other's. Not
// 'man', which is also 'man-made'.
const GENDERS: ReadonlyArray<[headings: readonly string[], words: readonly string[]]> = [
  [['6101', '6103', '6105', '6107', '6201', '6203', '6205', '6207'], ['men', 'mens', 'male', 'boy', 'boys', 'gentleman', 'gentlemen', 'erkek']],
  [['6102', '6104', '6106', '6108', '6202', '6204', '6206', '6208'], ['women', 'womens', 'woman', 'ladies', 'lady', 'female', 'girl', 'girls', 'kadin', 'bayan', 'kiz']],
];

/**
 * Footwear headings whose uppers' material the description does not name, when it names one; and
 * the garment headings of the other sex, when the description names only one.
 */
export function conflictingHeadings(words: readonly Term[]): Set<string> {
  const says = UPPERS.map(([, ws]) => words.some(({ word }) => names(ws, word)));
  const out = new Set<string>();
  const sex = GENDERS.map(([, ws]) => words.some(({ word }) => ws.includes(word)));
  if (sex[0] !== sex[1]) GENDERS.forEach(([headings], i) => {
    if (!sex[i]) headings.forEach((h) => out.add(h));
  });
  if (!says.includes(true)) return out;
  UPPERS.forEach(([heading], i) => {
    if (says[i]) return;
    out.add(heading);
    if (heading === '6402') out.add('6401');
  });
  return out;
}

// Headings whose legal text requires a state of the goods: live animals (chapter 1, live fish
// 0301), materials unworked or in the rough (human hair 0501, bristles 0502, feathers and skins of
// birds 0505, bones 0506, ivory and horn 0507, coral and shells 0508, ores 26), and waste, scrap or
// worn articles. Goods described without that state are the worked, finished or new ones of other
// headings ('human hair wig', 'animal brooch', 'steel chain').
const STATES: ReadonlyArray<[codes: readonly string[], words: readonly string[]]> = [
  [['01', '0301'], ['live', 'living', 'alive', 'breeding', 'canli']],
  [['0501', '0502', '0505', '0506', '0507', '0508', '26'], ['unworked', 'raw', 'rough', 'ore', 'ores', 'crude', 'unprocessed',
    'concentrate', 'concentrates', 'ham', 'islenmemis', 'cevher']],
  [['3915', '4004', '4707', '5202', '5505', '6309', '6310', '7001', '7112', '7204', '7404', '7503', '7602', '7802', '7902', '8002', '8548'],
    ['waste', 'scrap', 'worn', 'recovered', 'rags', 'cullet', 'hurda', 'atik', 'kullanilmis']],
];

/** Chapters and headings that require a state (live, unworked, waste) the description does not name. */
export function unnamedStates(words: readonly Term[]): Set<string> {
  const out = new Set<string>();
  for (const [codes, ws] of STATES) if (!words.some(({ word }) => names(ws, word))) codes.forEach((c) => out.add(c));
  return out;
}

// Machines defined by what they work or make (Section XVI: 'machinery for making or repairing
// footwear', 'for cleaning or drying bottles', textile, paper, printing, leather, food, rubber,
// plastics, stone and metal working machines and machine-tools): a description that names no
// machine is of the goods, not of a machine for them ('rain boots' are not 8453). Household and
// named kinds (8450 washing, 8452 sewing machines) are not here.
const MACHINES_FOR = ['8420', '8422', '8437', '8438', '8439', '8440', '8441', '8442', '8443', '8444', '8445', '8446', '8447', '8448',
  '8449', '8451', '8453', '8454', '8455', '8456', '8457', '8458', '8459', '8460', '8461', '8462', '8463', '8464', '8465', '8468',
  '8474', '8475', '8477', '8478', '8479', '8486'];
const MACHINE_WORDS = new Set(['machine', 'machinery', 'apparatus', 'appliance', 'equipment', 'plant', 'press', 'mill', 'device',
  'makine', 'makina', 'cihaz', 'tezgah', 'ekipman', 'aparat', 'tesis']);

// Section XVI note 1 (p): articles of chapter 95 (toys, games, sports requisites) are not machines
// or electrical goods of chapters 84 and 85, however they work.
const TOY_WORDS = new Set(['toy', 'game', 'doll', 'puzzle', 'oyuncak', 'oyun']);

/**
 * Headings of machines for working or making goods, when the description names no machine; and
 * chapters 84 and 85, when it names a toy or a game.
 */
export function unnamedMachines(words: readonly Term[]): Set<string> {
  const out = words.some(({ word, term }) => MACHINE_WORDS.has(term) || names(MACHINE_WORDS, word)) ? new Set<string>() : new Set(MACHINES_FOR);
  if (words.some(({ term }) => TOY_WORDS.has(term))) ['84', '85'].forEach((c) => out.add(c));
  return out;
}

// 'PU leather', 'faux leather', 'vegan leather', 'suni deri' are plastics (or plastics on a textile
// backing: chapter 39 or 59), not the leather of chapter 41, 4202's 'outer surface of leather' or
// 6403's leather uppers. Composition leather (4115) is named as such.
const NOT_LEATHER = new Set(['pu', 'pvc', 'faux', 'fake', 'synthetic', 'artificial', 'imitation', 'vegan', 'vegetarian', 'polyurethane', 'suni', 'yapay', 'sentetik']);
const LEATHER = new Set(['leather', 'deri']);

/** The words of a description with a leather that is not leather ('PU leather') read as plastic. */
export function withoutFauxLeather(words: readonly Term[]): Term[] {
  return words.map((w, i) => (i > 0 && LEATHER.has(w.word) && NOT_LEATHER.has(words[i - 1]!.word) ? { word: 'plastic', term: 'plastic' } : w));
}
