// The classifier's rules from the nomenclature's legal notes and structure, and the classes and
// filler words that shape a question, on their own (no index needed).
import { describe, it, expect } from 'vitest';
import { conflictingChapters, conflictingHeadings, excludedHeadings, namesMaterial, unnamedMachines, unnamedStates, withoutFauxLeather } from '../../../src/domain/classify/rules.js';
import { CLASS_WORDS } from '../../../src/domain/classify/classes.js';
import { NOISE_WORDS, WEAK_WORDS } from '../../../src/domain/classify/noise.js';
import { terms } from '../../../src/domain/classify/terms.js';

const conflicts = (text: string) => conflictingChapters(terms(text));

describe('chapter 71: precious metal', () => {
  it('keeps jewellery without gold, silver or platinum out of 7113/7114, and "gold color" is not gold', () => {
    expect(excludedHeadings(terms('stainless steel necklace'))).toEqual(new Set(['7113', '7114']));
    expect(excludedHeadings(terms('18K gold color brass pendant'))).toEqual(new Set());
    expect(excludedHeadings(terms('gold color pendant'))).toEqual(new Set(['7113', '7114']));
    expect(excludedHeadings(terms('925 sterling silver ring'))).toEqual(new Set());
  });
});

describe('Section XVI: machines for making goods, and toys', () => {
  it('keeps the machines for working or making goods aside when no machine is named', () => {
    const boots = unnamedMachines(terms('ankle rain boots with rubber soles'));
    expect(boots.has('8453')).toBe(true);
    expect(boots.has('8422')).toBe(true);
    // Household and named kinds of machine stay: a washing machine is asked for by its kind.
    expect(boots.has('8450')).toBe(false);
    expect(boots.has('84')).toBe(false);
    expect(unnamedMachines(terms('machinery for making footwear'))).toEqual(new Set());
    expect(unnamedMachines(terms('ayakkabı imal makinesi'))).toEqual(new Set());
  });

  it('says when a description names a material', () => {
    expect(namesMaterial(terms('resin garden gnome'))).toBe(true);
    expect(namesMaterial(terms('plastikten süs'))).toBe(true);
    expect(namesMaterial(terms('garden gnome'))).toBe(false);
  });

  it('keeps chapters 84 and 85 aside for toys and games (note 1 (p))', () => {
    const toy = unnamedMachines(terms('remote control toy car with LED lights'));
    expect(toy.has('84')).toBe(true);
    expect(toy.has('85')).toBe(true);
    expect(unnamedMachines(terms('oyuncak araba')).has('85')).toBe(true);
    expect(unnamedMachines(terms('LED desk lamp')).has('85')).toBe(false);
  });
});

describe('chapters defined by a material, a way of making or being alive', () => {
  it('names nothing when the description names no material', () => {
    expect(conflicts('bluetooth earphones')).toEqual(new Set());
  });

  it('puts the chapters of other materials aside: silicone beads are not glass beads', () => {
    const c = conflicts('silicone beads for jewelry making');
    expect(c.has('70')).toBe(true);
    expect(c.has('39')).toBe(false);
    // Chapters of goods of any material are never aside.
    for (const free of ['42', '64', '71', '84', '85', '94', '95']) expect(c.has(free)).toBe(false);
  });

  it('keeps every chapter of a material the description names, when it names several', () => {
    const c = conflicts('wooden box with glass lid and steel hinges');
    for (const kept of ['44', '70', '73']) expect(c.has(kept)).toBe(false);
    expect(c.has('39')).toBe(true);
  });

  it('within the base metals and the fibres, names the chapter of the metal or fibre said', () => {
    const steel = conflicts('stainless steel chain');
    expect(steel.has('73')).toBe(false);
    expect(['74', '76', '79'].every((c) => steel.has(c))).toBe(true);
    const cotton = conflicts('cotton yarn');
    expect(cotton.has('52')).toBe(false);
    expect(['50', '51', '54', '55'].every((c) => cotton.has(c))).toBe(true);
  });

  it('reads a Turkish material through its case or -li suffix (camdan, çelikten, pamuklu)', () => {
    const bottle = conflicts('BOŞ ŞİŞE, camdan mamul');
    expect(bottle.has('70')).toBe(false);
    expect(bottle.has('39')).toBe(true);
    const hook = conflicts('dövme çelikten kanca');
    expect(hook.has('73')).toBe(false);
    expect(hook.has('76')).toBe(true);
    expect(conflicts('pamuklu gömlek').has('52')).toBe(false);
    expect(conflicts('pamuklu gömlek').has('54')).toBe(true);
    // Only a listed word plus a suffix: 'cotton' is not 'cot' + 'ton', 'tinted' names no tin.
    expect(conflicts('tinted window')).toEqual(new Set());
    expect(excludedHeadings(terms('gümüşten kolye'))).toEqual(new Set());
  });

  it('knitted apparel is not chapter 62, woven not 60/61; artificial flowers are not live plants', () => {
    expect(conflicts('knitted dress').has('62')).toBe(true);
    expect(conflicts('knitted dress').has('61')).toBe(false);
    expect(conflicts('woven shirt').has('61')).toBe(true);
    expect(conflicts('fake flowers for wedding').has('06')).toBe(true);
    expect(conflicts('yapay çiçek').has('06')).toBe(true);
  });
});

describe('chapter 64 by the material of the uppers', () => {
  it('leather shoes are not 6401/6402/6404, canvas sneakers not 6402/6403; a rubber sole says nothing', () => {
    expect(conflictingHeadings(terms('genuine leather oxford shoes'))).toEqual(new Set(['6401', '6402', '6404']));
    expect(conflictingHeadings(terms('canvas sneakers with rubber soles'))).toEqual(new Set(['6401', '6402', '6403']));
    expect(conflictingHeadings(terms('PU leather boots'))).toEqual(new Set(['6404']));
    expect(conflictingHeadings(terms('rubber sole slippers'))).toEqual(new Set());
  });
});

describe('food prepared or preserved', () => {
  it('keeps fried, marinated or canned food out of the chapters of fresh, chilled, frozen or dried food', () => {
    for (const c of ['02', '03', '07', '08']) expect(conflicts('vacuum fried tomato crisps').has(c)).toBe(true);
    expect(conflicts('kızartılmış tavuk').has('02')).toBe(true);
    expect(conflicts('frozen chicken breasts').has('02')).toBe(false);
    expect(conflicts('dried tomatoes').has('07')).toBe(false);
  });
});

describe('garments of one sex', () => {
  it('keeps women\'s garments out of the men\'s headings of chapters 61/62 and back, not when both are named', () => {
    const women = conflictingHeadings(terms("Women's wide leg pants"));
    expect(['6103', '6203', '6205'].every((h) => women.has(h))).toBe(true);
    expect(women.has('6204')).toBe(false);
    const men = conflictingHeadings(terms('boys cotton shirt'));
    expect(men.has('6206') && !men.has('6205')).toBe(true);
    expect(conflictingHeadings(terms("men's and women's hoodie")).size).toBe(0);
    expect(conflictingHeadings(terms('man-made fibre dress')).has('6204')).toBe(false);
  });
});

describe('headings that require a state of the goods', () => {
  it('keeps live animals, unworked materials and waste for descriptions that say so', () => {
    const finished = unnamedStates(terms('human hair wig with animal print'));
    for (const code of ['01', '0501', '26', '7204', '6309']) expect(finished.has(code)).toBe(true);
    expect(unnamedStates(terms('live carp')).has('01')).toBe(false);
    expect(unnamedStates(terms('işlenmemiş insan saçı')).has('0501')).toBe(false);
    expect(unnamedStates(terms('stainless steel scrap')).has('7204')).toBe(false);
    expect(unnamedStates(terms('stainless steel scrap')).has('0501')).toBe(true);
  });
});

describe('what a description\'s words become', () => {
  it('maps kinds and materials to the class the tariff names', () => {
    expect(CLASS_WORDS.get('necklace')).toEqual([['jewellery']]);
    expect(CLASS_WORDS.get('polyester')).toEqual(expect.arrayContaining([['textile', 'materials'], ['synthetic', 'fibres']]));
    expect(CLASS_WORDS.get('steel')).toEqual([['base', 'metal']]);
    // Gemstones, natural or synthetic, for 7116's 'precious or semi-precious stones'; not glass 'crystal'.
    expect(CLASS_WORDS.get('zirconia')).toEqual([['precious', 'stones']]);
    expect(CLASS_WORDS.get('amethyst')).toEqual([['precious', 'stones']]);
    expect(CLASS_WORDS.has('crystal')).toBe(false);
    // Precious metals are named one by one in the tariff: no class.
    expect(CLASS_WORDS.has('silver')).toBe(false);
  });

  it('drops listing filler and Turkish ruling boilerplate, keeps goods words, weakens colours', () => {
    for (const w of ['new', 'hot', 'women', 'wedding', 'pcs', 'xl', 'marka', 'mamul', 'raporuna']) expect(NOISE_WORDS.has(w)).toBe(true);
    for (const w of ['necklace', 'cotton', 'dress', 'wind', 'dynamic']) expect(NOISE_WORDS.has(w)).toBe(false);
    expect(WEAK_WORDS.has('green')).toBe(true);
  });

  it('keeps the stop words it is asked to keep, in order', () => {
    expect(terms('case for phone').map((t) => t.word)).toEqual(['case', 'phone']);
    expect(terms('case for phone', new Set(['for'])).map((t) => t.word)).toEqual(['case', 'for', 'phone']);
  });
});

describe('leather that is not leather', () => {
  it("reads 'PU leather', 'faux leather' and 'suni deri' as plastic, and genuine leather as leather", () => {
    const words = (text: string) => withoutFauxLeather(terms(text)).map((t) => t.word);
    expect(words('PU leather crossbody bag')).toEqual(['pu', 'plastic', 'crossbody', 'bag']);
    expect(words('faux leather jacket')).toEqual(['faux', 'plastic', 'jacket']);
    expect(words('suni deri çanta')).toEqual(['suni', 'plastic', 'canta']);
    expect(words('genuine leather wallet')).toEqual(['genuine', 'leather', 'wallet']);
    // Boots of PU leather are not in 6403 (uppers of leather); boots of leather are.
    expect(conflictingHeadings(withoutFauxLeather(terms('pu leather ankle boots'))).has('6403')).toBe(true);
    expect(conflictingHeadings(withoutFauxLeather(terms('cowhide leather ankle boots'))).has('6403')).toBe(false);
  });
});
