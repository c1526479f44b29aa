import { describe, expect, it } from 'vitest';
import {
  arrayField,
  choiceField,
  fieldSchema,
  numberField,
  optionObject,
  predicate,
} from './option-schema.ts';
import { parseOptions } from './options.ts';

const Schema = optionObject({
  size: numberField({ integer: true, min: 1 }).default(10),
  ratio: numberField({ positive: true }).optional(),
  mode: choiceField(['a', 'b'] as const).default('a'),
  hook: predicate<() => void>((v) => typeof v === 'function', 'must be a function').optional(),
});

describe('option schemas', () => {
  it('apply defaults and leave optional fields out', () => {
    expect(Schema.safeParse({})).toEqual({ success: true, data: { size: 10, mode: 'a' } });
    expect(Schema.safeParse({ size: 3, ratio: 0.5, mode: 'b' })).toEqual({
      success: true,
      data: { size: 3, ratio: 0.5, mode: 'b' },
    });
  });

  it('name every field at fault, unknown keys included', () => {
    expect(() => parseOptions(Schema, { size: 0, ratio: 0, mode: 'c', hook: 1, sise: 2 }, 'cache')).toThrow(
      'cache.sise: is not an option here; cache.size: Too small: expected number to be >=1; cache.ratio: Too small: expected number to be >0; cache.mode: Invalid option: expected one of "a"|"b"; cache.hook: must be a function',
    );
  });

  it('refuse non-integers, non-finite numbers and non-objects', () => {
    expect(() => parseOptions(Schema, { size: 1.5 })).toThrow(
      'size: Invalid input: expected int, received number',
    );
    expect(() => parseOptions(Schema, { ratio: Number.POSITIVE_INFINITY })).toThrow(
      'ratio: Invalid input: expected number',
    );
    expect(() => parseOptions(Schema, 'big', 'cache')).toThrow(
      'cache: Invalid input: expected object, received string',
    );
  });

  it('check arrays item by item', () => {
    const Items = fieldSchema(arrayField(numberField({ min: 0 }), { minItems: 1, message: 'must hold one' }));
    expect(Items.safeParse([1, 2])).toEqual({ success: true, data: [1, 2] });
    expect(() => parseOptions(Items, [], 'items')).toThrow('items: must hold one');
    expect(() => parseOptions(Items, [1, -1], 'items')).toThrow(
      'items[1]: Too small: expected number to be >=0',
    );
  });
});
