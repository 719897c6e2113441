// Turkish spellings of technical loanwords and their English originals share one skeleton.
import { describe, it, expect } from 'vitest';
import { skeleton, skeletonIndex } from '../../../src/domain/classify/loanwords.js';
import { fold } from '../../../src/domain/matching/fold.js';

describe('loanword skeletons', () => {
  it('gives a Turkish loanword and its English original the same skeleton', () => {
    const pairs: Array<[string, string]> = [
      ['kompresör', 'compressor'], ['konnektör', 'connector'], ['elektronik', 'electronic'], ['istasyon', 'station'],
      ['hidrolik', 'hydraulic'], ['aktif', 'active'], ['jeneratör', 'generator'], ['sistem', 'system'], ['hibrit', 'hybrid'],
      ['televizyon', 'television'], ['otomatik', 'automatic'], ['valf', 'valve'], ['filtre', 'filter'], ['fotoğraf', 'photograph'],
    ];
    for (const [tr, en] of pairs) expect(skeleton(fold(tr)), `${tr} / ${en}`).toBe(skeleton(en));
  });

  it('keeps unrelated words apart', () => {
    expect(skeleton('kablo')).not.toBe(skeleton('cable'));
    expect(skeleton('masa')).not.toBe(skeleton('mass'));
  });

  it('indexes only alphabetic words of five letters or more', () => {
    const index = skeletonIndex(['compressor', 'cart', 'x2000', 'connector']);
    expect(index.get(skeleton('kompresor'))).toEqual(['compressor']);
    expect(index.get(skeleton('kart'))).toBeUndefined();
    expect(index.size).toBe(2);
  });
});
