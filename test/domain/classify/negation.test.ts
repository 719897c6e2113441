import { describe, it, expect } from 'vitest';
import { splitNegations } from '../../../src/domain/classify/negation.js';

const words = (s: string) => s.replace(/[^a-z ]/gi, ' ').split(/\s+/).filter(Boolean);

describe('negated spans of nomenclature texts', () => {
  it('takes a parenthesised exclusion whole, commas included', () => {
    const { kept, negated } = splitNegations('Imitation jewellery (excl. jewellery, of base metal, whether or not clad with silver)');
    expect(words(kept)).toEqual(['Imitation', 'jewellery']);
    expect(words(negated)).toEqual(['jewellery', 'of', 'base', 'metal', 'whether', 'or', 'not', 'clad', 'with', 'silver']);
  });

  it('ends an exclusion outside parentheses at the next comma, semicolon or path separator', () => {
    expect(words(splitNegations('Jewellery; imitation, of other than base metal, whether or not plated').kept))
      .toEqual(['Jewellery', 'imitation', 'of', 'whether', 'or', 'not', 'plated']);
    expect(words(splitNegations('Wood; not of bamboo, articles n.e.c.').kept)).toEqual(['Wood', 'articles', 'n', 'e', 'c']);
    expect(words(splitNegations('Fish, excluding fillets > Trout').kept)).toEqual(['Fish', 'Trout']);
    expect(words(splitNegations('Dresses; of artificial fibres (not knitted or crocheted)').kept)).toEqual(['Dresses', 'of', 'artificial', 'fibres']);
  });

  it('gives back what a later "incl." includes, and leaves optional words alone', () => {
    expect(words(splitNegations('Flat knitting machines (excl. warp knitting machines, incl. Raschel type)').kept))
      .toEqual(['Flat', 'knitting', 'machines', 'incl', 'Raschel', 'type']);
    const optional = 'Footwear with or without uppers, whether or not assembled';
    expect(splitNegations(optional)).toEqual({ kept: optional, negated: '' });
    expect(splitNegations('Notebooks and knotted netting').negated).toBe('');
  });
});
