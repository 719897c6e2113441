import { describe, it, expect } from 'vitest';
import { canonicalToken, nameKey, normaliseCompanyName } from '../../../src/domain/matching/company-name.js';

const norm = normaliseCompanyName;

describe('normaliseCompanyName', () => {
  it('splits a Turkish trade name into distinctive core, generic words and legal form', () => {
    expect(norm('Yılmaz Tekstil San. ve Tic. Ltd. Şti.')).toEqual({
      folded: 'yilmaz tekstil san. ve tic. ltd. sti.',
      core: 'yilmaz tekstil',
      legal_form: 'ltd',
      tokens: ['yilmaz', 'tekstil', 'san', 'tic'],
    });
  });

  it.each([
    ['Demir Otomotiv A.Ş.'], ['Demir Otomotiv AŞ'], ['DEMİR OTOMOTİV A.S.'], ['Demir Otomotiv Anonim Şirketi'],
    ['demir otomotiv a.ş'],
  ])('reads %s as joint-stock company "as"', (name) => {
    const n = norm(name);
    expect(n.legal_form).toBe('as');
    expect(n.core).toBe('demir otomotiv');
  });

  it.each([['Ltd. Şti.'], ['Ltd Sti'], ['Limited Şirketi'], ['LTD. ŞTİ'], ['Şti.']])('reads %s as limited company', (suffix) => {
    expect(norm(`Kaya Gıda ${suffix}`).legal_form).toBe('ltd');
  });

  it('gives long and abbreviated trade words the same tokens', () => {
    const long = norm('Kaya Sanayi ve Ticaret İthalat İhracat Dış Ticaret Pazarlama Nakliyat Taahhüt İnşaat Turizm A.Ş.');
    const short = norm('Kaya San. Tic. İth. İhr. Dış Tic. Paz. Nak. Taah. İnş. Tur. AŞ');
    expect(short.tokens).toEqual(long.tokens);
    expect(long.tokens).toEqual(['kaya', 'san', 'tic', 'ith', 'ihr', 'dis', 'tic', 'paz', 'nak', 'taah', 'ins', 'tur']);
    expect(long.core).toBe('kaya');
    expect(nameKey(long)).toBe(nameKey(short));
  });

  it.each([
    ['Koç Koll. Şti.', 'koll'], ['Koç Kollektif Şirketi', 'koll'], ['Koç Kom. Şti.', 'kom'],
    ['Bereket Tarım Kooperatifi', 'koop'], ['Müller GmbH', 'gmbh'], ['Siemens AG', 'ag'], ['Tesco PLC', 'plc'],
    ['Acme LLC', 'llc'], ['Acme Inc.', 'inc'], ['Acme Incorporated', 'inc'], ['Ferrero S.p.A.', 'spa'],
    ['Rossi S.r.l.', 'srl'], ['Danone SAS', 'sas'], ['Zara S.A.', 'sa'], ['Mango S.L.', 'sl'], ['Philips B.V.', 'bv'],
    ['Gazprom OOO', 'ooo'], ['Emaar FZE', 'fze'], ['Dubai Trade FZCO', 'fzco'], ['Acme Trading Co., Ltd.', 'co ltd'],
    ['Shell Limited', 'ltd'], ['Emaar DMCC', 'dmcc'], ['Volga Trade AO', 'ao'], ['Neva PAO', 'pao'], ['Loire SARL', 'sarl'],
    ['Severn LLP', 'llp'], ['Elbtal Handel KG', 'kg'], ['Elbtal Handel GmbH & Co. KG', 'gmbh co kg'],
  ])('recognises the legal form of %s', (name, form) => {
    expect(norm(name).legal_form).toBe(form);
  });

  it('looks for legal forms only at the end, and always leaves a name', () => {
    expect(norm('AS Plastik Ltd. Şti.').tokens).toEqual(['as', 'plastik']);
    expect(norm('Limited').legal_form).toBe('');
    expect(norm('Limited').tokens).toEqual(['limited']);
  });

  it('keeps generic words as the core when nothing else is left', () => {
    const n = norm('Sanayi ve Ticaret A.Ş.');
    expect(n.core).toBe('san tic');
  });

  it('does not mistake a misspelt generic word for a distinctive one', () => {
    expect(norm('Kaya Tekstil Sanayi ve Tciaret A.Ş.').core).toBe('kaya tekstil');
    expect(canonicalToken('snaayi')).toBe('san');
    // Five letters are enough for a swap, which keeps every letter, but not for other typos.
    expect(canonicalToken('gropu')).toBe('grup');
    expect(canonicalToken('tarde')).toBe('trading');
    expect(canonicalToken('grop')).toBe('grop');
    expect(canonicalToken('grouq')).toBe('grouq');
    expect(norm('Etna Industire S.r.l.').tokens).toEqual(['etna', 'industry']);
    // Short words are too close to other words to be corrected.
    expect(canonicalToken('tik')).toBe('tik');
    expect(canonicalToken('constructor')).toBe('constructor');
  });
});
