// About how many bytes of heap a value holds, for caches bounded in bytes: strings at two bytes a
// character, typed arrays by their buffers, objects, arrays, maps and sets by their fields and
// what those hold (an object reached twice is counted once). An estimate, on the high side.

const OBJECT = 32;
const FIELD = 8;

export function approxBytes(value: unknown): number {
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  let n = 0;
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      n += 16 + 2 * v.length;
      continue;
    }
    if (typeof v !== 'object' || v === null) {
      n += FIELD;
      continue;
    }
    if (seen.has(v)) continue;
    seen.add(v);
    if (ArrayBuffer.isView(v)) n += OBJECT + v.byteLength;
    else if (Array.isArray(v)) {
      n += OBJECT + FIELD * v.length;
      for (const x of v) stack.push(x);
    } else if (v instanceof Map) {
      n += OBJECT + 2 * FIELD * v.size;
      for (const [k, x] of v) stack.push(k, x);
    } else if (v instanceof Set) {
      n += OBJECT + FIELD * v.size;
      for (const x of v) stack.push(x);
    } else {
      n += OBJECT;
      for (const x of Object.values(v)) {
        n += FIELD;
        stack.push(x);
      }
    }
  }
  return n;
}
