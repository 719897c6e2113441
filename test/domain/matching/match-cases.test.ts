// One case per kind of error the generated-name evaluation (scripts/match-eval.ts) found: a
// re-spelling that did not find its firm, or a firm absent from the index that was matched to a
// namesake. Each index is small, with the neighbours that made the case hard.
import { describe, it, expect } from 'vitest';
import { buildNameIndex, DEFAULT_MATCH_THRESHOLD } from '../../../src/domain/matching/name-index.js';
import type { CompanyRecord, MatchInput, MatchResult } from '../../../src/domain/matching/name-index.js';

let next = 0;
function firm(name: string, country = 'TR', aliases: string[] = [], tax_number: string | null = null): CompanyRecord {
  next++;
  return { id: `f${next}`, name, aliases, country, tax_number, trade_value_usd: 1_000 * next };
}

/** A Turkish firm as the generator writes it: the short name and the customs spelling as aliases. */
function turkish(stem: string, sector: string, middle: string, legal: string): CompanyRecord {
  return firm(`${stem} ${sector} ${middle} ${legal}`, 'TR', [`${stem} ${sector}`]);
}

function one(companies: readonly CompanyRecord[], input: MatchInput): MatchResult {
  return buildNameIndex(companies).match([input])[0]!;
}

function matches(companies: readonly CompanyRecord[], input: MatchInput, expected: CompanyRecord): void {
  const r = one(companies, input);
  expect(r.best?.name, input.name).toBe(expected.name);
  expect(r.matched, `${input.name}: ${r.best?.score}`).toBe(true);
}

function noMatch(companies: readonly CompanyRecord[], input: MatchInput): void {
  const r = one(companies, input);
  expect(r.matched, `${input.name} matched ${r.best?.name} at ${r.best?.score}`).toBe(false);
}

describe('trade words', () => {
  const taah = turkish('Karaca', 'Tekstil', 'Taah. San. ve Tic.', 'A.Ş.');
  // Trade words are common in a real register, and weigh little.
  const middles = ['San. ve Tic.', 'İth. İhr. ve Paz.', 'Nak. ve Tic.', 'Dış Tic.', 'Taah. San. ve Tic.', 'Paz. ve Tic.'];
  const others = Array.from({ length: 120 }, (_, i) => turkish(`Firma${i}`, 'Gıda', middles[i % middles.length]!, 'A.Ş.'));
  const siblings = [
    ...others,
    turkish('Karaca', 'Tekstil', 'İth. İhr. ve Paz.', 'A.Ş.'),
    turkish('Karaca', 'Tekstil', 'Nak. ve Tic.', 'A.Ş.'),
    turkish('Karaca', 'Tekstil', 'Dış Tic.', 'Ltd. Şti.'),
  ];

  it('finds the firm whose name has every word left in a name with a trade word dropped', () => {
    // All four share the short name 'Karaca Tekstil'; only one has 'Taah.'.
    matches([...siblings, taah], { name: 'Karaca Tekstil Taah. A.Ş.', country: 'TR' }, taah);
    const [best, second] = one([...siblings, taah], { name: 'Karaca Tekstil Taah. A.Ş.', country: 'TR' }).candidates;
    expect(second!.score).toBeLessThan(best!.score);
  });

  it('does not take a trade word the firm does not have for a dropped one', () => {
    // 'Dış Tic.' is not in 'San. ve Tic.': another firm with the same short name.
    noMatch([turkish('Lodos', 'Örme', 'San. ve Tic.', 'A.Ş.')], { name: 'Lodos Örme Dış Tic. A.Ş.', country: 'TR' });
  });

  it('judges a short alias by the legal form of the firm it belongs to', () => {
    noMatch([turkish('Lodos', 'Örme', 'Dış Tic.', 'Ltd. Şti.')], { name: 'Lodos Örme Dış Tic. A.Ş.', country: 'TR' });
    noMatch([turkish('Lodos', 'Örme', 'Dış Tic.', 'Ltd. Şti.')], { name: 'Lodos Örme A.Ş.', country: 'TR' });
  });

  it('reads a swapped five-letter generic word as the word ("Gruop")', () => {
    const group = firm('Zhongda Jinlong Electronics Group Co., Ltd.', 'CN', ['Zhongda Jinlong Electronics']);
    const plain = firm('Zhongda Jinlong Electronics Co., Ltd.', 'CN', ['Zhongda Jinlong Electronics']);
    matches([plain, group], { name: 'Zhongda Jinlong Electronics Gruop Co., Ltd.', country: 'CN' }, group);
  });

  it('does not let a name without "Group" or "General" pass for the one with it', () => {
    const group = firm('Dongfang Industrial Group Co., Ltd.', 'CN', ['Dongfang Industrial']);
    noMatch([group], { name: 'Dongfang Industrial Co., Ltd.', country: 'CN' });
    const general = firm('Al Khaleej General Trading FZCO', 'AE', ['Al Khaleej General Trading']);
    noMatch([general], { name: 'Al Khaleej Trading FZCO', country: 'AE' });
  });
});

describe('distinctive words', () => {
  it('weighs a misspelt word like the word it stands for', () => {
    // 'Industire' is in no name; read as 'Industrie' it is a common word, not the rarest there is.
    const srl = firm('Etna Industrie S.r.l.', 'IT', ['Etna Industrie']);
    const spa = firm('Etna Industrie S.p.A.', 'IT', ['Etna Industrie']);
    matches([spa, srl, firm('Etna Alimentare S.r.l.', 'IT')], { name: 'Etna Industire S.r.l.', country: 'IT' }, srl);
  });

  it('finds a misspelt name among hundreds sharing its other word and as many of its letters', () => {
    // 'Pe??ol': each shares with 'Pertol' the letters 'Petrol' shares, and none is one typo away.
    const letters = 'abcdefghijklmnopqsuvwxyz';
    const many = Array.from({ length: 300 }, (_, i) => turkish('Yalçın', `Pe${letters[i % 24]}${letters[Math.floor(i / 24)]}ol`, 'Dış Tic.', 'A.Ş.'));
    const petrol = turkish('Yalçın', 'Petrol', 'Dış Tic.', 'A.Ş.');
    matches([...many, petrol], { name: 'Yalçın Pertol Dış Tic. A.Ş.', country: 'TR' }, petrol);
  });

  it('keeps two well-known words one letter apart as two words ("Dokuma", "Döküm")', () => {
    const known = ['Kaya', 'Acar', 'Demir'].flatMap((s) => [
      turkish(s, 'Dokuma', 'San. ve Tic.', 'A.Ş.'),
      turkish(s, 'Döküm', 'San. ve Tic.', 'A.Ş.'),
    ]);
    noMatch([...known, turkish('Köse', 'Döküm', 'San. ve Tic.', 'Ltd. Şti.')], { name: 'Köse Dokuma Sanayi ve Ticaret Ltd Şti', country: 'TR' });
  });

  it('reads a swap as closer than a lost letter ("Dokuam" is "Dokuma")', () => {
    const dokuma = turkish('Köse', 'Dokuma', 'San. ve Tic.', 'Ltd. Şti.');
    matches([turkish('Köse', 'Döküm', 'San. ve Tic.', 'Ltd. Şti.'), dokuma], { name: 'Köse Dokuam San. ve Tic. Ltd. Şti.', country: 'TR' }, dokuma);
  });

  it('counts a word written twice twice', () => {
    const twice = firm('Xinghua Xinghua Industrial Co., Ltd.', 'CN', ['Xinghua Xinghua Industrial']);
    const once = firm('Xinghua Industrial Co., Ltd.', 'CN', ['Xinghua Industrial']);
    matches([once, twice], { name: 'Xinghua Xignhua Industrial Co., Ltd.', country: 'CN' }, twice);
    // The typo in the first of the two words is not a change of order.
    const padana = firm('Padana Padana Import Export S.r.l.', 'IT', ['Padana Padana Import Export']);
    matches([firm('Padana Import Export S.r.l.', 'IT'), padana], { name: 'Paadna Padana Import Export S.r.l.', country: 'IT' }, padana);
  });

  it('tells names apart by the order of their words', () => {
    const right = firm('Dongfang Haiyue Textile Group Co., Ltd.', 'CN', ['Dongfang Haiyue Textile']);
    const swapped = firm('Haiyue Dongfang Textile Group Co., Ltd.', 'CN', ['Haiyue Dongfang Textile']);
    matches([swapped, right], { name: 'Dongfang Haiuye Textile Group Co., Ltd.', country: 'CN' }, right);
    noMatch([firm('Engadin Zürichsee Handel SA', 'CH')], { name: 'Zürichsee Engadin Handel SA', country: 'CH' });
  });

  it('does not match a name with a word more or less', () => {
    noMatch([firm('Crescent Oasis Commerce Azerbaijan LLC', 'AZ')], { name: 'Oasis Commerce Azerbaijan LLC', country: 'AZ' });
    noMatch([turkish('Ege Balcı', 'Kıymetli Madenler', 'İthalat İhracat', 'A.Ş.')], { name: 'Ege Kıymetli Madenler İthalat İhracat A.Ş.', country: 'TR' });
  });

  it('prefers the name without a word the input lacks, among ties on the rest', () => {
    // Both contain every word of the input; the second has 'Trading' twice.
    const co = firm('Horizon General Trading Hungary Co.', 'HU', ['Horizon General Trading']);
    const tradingCo = firm('Horizon General Trading Hungary Trading Co.', 'HU', ['Horizon General Trading']);
    matches([tradingCo, co], { name: 'Horizon General Trading Hungayr Co.', country: 'HU' }, co);
  });
});

describe('legal forms', () => {
  it('knows DMCC, KG, AO, SARL and LLP, so that they conflict with other forms', () => {
    noMatch([firm('Emirates Link General Trading DMCC', 'AE', ['Emirates Link General Trading'])], { name: 'Emirates Link General Trading FZCO', country: 'AE' });
    noMatch([firm('Nordstern Elbtal Textil KG', 'DE')], { name: 'Nordstern Elbtal Textil AG', country: 'DE' });
    noMatch([firm('Volga Kuban Trade AO', 'RU')], { name: 'Volga Kuban Trade OOO', country: 'RU' });
  });

  it('treats Co., Ltd. and Ltd. as one form, Co. and Co. Ltd. as two', () => {
    matches([firm('Huaxin Textile Co., Ltd.', 'CN')], { name: 'Huaxin Textile Ltd.', country: 'CN' }, firm('Huaxin Textile Co., Ltd.', 'CN'));
    const co = firm('Zagros Construction Materials Co.', 'IQ', ['Zagros Construction Materials']);
    const coLtd = firm('Zagros Construction Materials Co. Ltd.', 'IQ', ['Zagros Construction Materials']);
    matches([coLtd, co], { name: 'Zagros Construction Materilas Co.', country: 'IQ' }, co);
  });
});

describe('tax numbers', () => {
  // 1234567890 and 1111111114 are well-formed VKNs; 1234567891 fails its check digit.
  const kaya = firm('Kaya Tekstil San. ve Tic. A.Ş.', 'TR', [], '1234567890');

  it('lets a well-formed tax number of another taxpayer hold back a match on the name', () => {
    const r = one([kaya], { name: 'Kaya Tekstil San. ve Tic. A.Ş.', tax_number: '1111111114' });
    expect(r.best?.id).toBe(kaya.id);
    expect(r.best!.score).toBeLessThan(DEFAULT_MATCH_THRESHOLD);
  });

  it('ignores a malformed one, which is more likely a typo', () => {
    expect(one([kaya], { name: 'Kaya Tekstil San. ve Tic. A.Ş.', tax_number: '1234567891' }).best).toMatchObject({ id: kaya.id, score: 1 });
  });
});
