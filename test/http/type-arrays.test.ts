import { describe, it, expect } from 'vitest';
import { Type } from 'typebox';
import fjs from 'fast-json-stringify';
import { nullablesAsTypeArrays } from '../../src/http/type-arrays.js';

const N = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, options = {}) => Type.Union([t, Type.Null()], options);

describe('nullable scalars as type arrays', () => {
  const schema = Type.Object({
    name: N(Type.String(), { description: 'kept' }),
    count: N(Type.Integer({ minimum: 0 })),
    flag: Type.Union([Type.Null(), Type.Boolean()]),
    mode: N(Type.Union([Type.Literal('sea'), Type.Literal('air')])),
    party: N(Type.Object({ id: Type.Integer() })),
    rows: Type.Array(Type.Object({ value: N(Type.Number()) })),
  });
  type Node = { properties: Record<string, Node & { anyOf?: unknown[] }>; items: Node };
  const out = nullablesAsTypeArrays(JSON.parse(JSON.stringify(schema))) as Node;

  it('rewrites a scalar or null, keeping its own and the union\'s keywords, in any order and at any depth', () => {
    expect(out.properties.name).toEqual({ type: ['string', 'null'], description: 'kept' });
    expect(out.properties.count).toEqual({ type: ['integer', 'null'], minimum: 0 });
    expect(out.properties.flag).toEqual({ type: ['boolean', 'null'] });
    expect(out.properties.rows!.items.properties.value).toEqual({ type: ['number', 'null'] });
  });

  it('leaves unions of literals and of objects as they are', () => {
    expect(out.properties.mode!.anyOf).toHaveLength(2);
    expect(out.properties.party!.anyOf).toHaveLength(2);
  });

  it('serialises to the same bytes as the union', () => {
    const before = fjs(schema as never);
    const after = fjs(out as never);
    for (const v of [
      { name: 'Ş"x', count: 3, flag: null, mode: 'sea', party: null, rows: [{ value: 1.5 }, { value: null }] },
      { name: null, count: null, flag: true, mode: null, party: { id: 7 }, rows: [] },
    ]) expect(after(v)).toBe(before(v));
  });
});
