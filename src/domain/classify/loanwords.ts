// Turkish writes the technical words it took from French and English by their sound: 'kompresör'
// (compressor), 'konnektör' (connector), 'elektronik' (electronic), 'istasyon' (station),
// 'hidrolik' (hydraulic), 'aktif' (active), 'jeneratör' (generator), 'sistem' (system). A word of
// a Turkish text that the glossary does not know can be one of these. Both spellings are reduced to
// one skeleton by the regular correspondences of Turkish loanword spelling (c, ch, ck and q as k;
// ph as f; th as t; x as ks; w as v; y as i; soft c as s, soft g as j; -tion, -sion as -syon; au as
// o; z as s; no double letters; the final -e English keeps silent dropped, -re as -er; the final
// consonant Turkish devoices as devoiced; the i Turkish puts before st-, sp-, sk-), and a Turkish
// word stands for the tariff words of its skeleton. General spelling rules, no word list.

/** The loanword skeleton of a folded, stemmed word (English or Turkish). */
export function skeleton(word: string): string {
  let s = word
    .replace(/ph/g, 'f').replace(/th/g, 't').replace(/ck/g, 'k').replace(/ch/g, 'k').replace(/qu/g, 'kv')
    .replace(/x/g, 'ks').replace(/w/g, 'v');
  s = s.replace(/siyon/g, 'syon').replace(/tion/g, 'syon').replace(/sion/g, 'syon');
  s = s.replace(/au/g, 'o');
  s = s.replace(/c(?=[eiy])/g, 's').replace(/c/g, 'k');
  s = s.replace(/y/g, 'i');
  s = s.replace(/g(?=[ei])/g, 'j');
  s = s.replace(/z/g, 's');
  s = s.replace(/re$/, 'er').replace(/e$/, '');
  s = s.replace(/(.)\1/g, '$1');
  s = s.replace(/d$/, 't').replace(/v$/, 'f').replace(/b$/, 'p');
  return s.replace(/^i(?=s[tpk])/, '');
}

/** Skeleton → the index's words of at least `minLength` letters that have it. */
export function skeletonIndex(words: Iterable<string>, minLength = 5): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const w of words) {
    if (w.length < minLength || !/^[a-z]+$/.test(w)) continue;
    const k = skeleton(w);
    const list = out.get(k);
    if (list) list.push(w);
    else out.set(k, [w]);
  }
  return out;
}
