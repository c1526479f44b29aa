/**
 * OPA's type notation as the declarations write it (`string`, `array[number]`,
 * `array<number, string>`, `set[any]`, `object[string: any]`, `object<op: string>[any: any]`,
 * `any<null, string>`), read into a structure the type check unifies terms with — the structure
 * of OPA's `types` package.
 */

/** A type: `any` with no alternatives is OPA's `types.A` (anything). */
export type RegoType =
  | { readonly k: 'any'; readonly of: readonly RegoType[] }
  | { readonly k: 'null' | 'boolean' | 'number' | 'string' }
  | { readonly k: 'array'; readonly items: readonly RegoType[]; readonly dynamic?: RegoType }
  | {
      readonly k: 'set';
      readonly of: RegoType;
      /**
       * The type of `set()` written in place: OPA's checker gives its members no type (`nil`), so
       * a constant key selects as {@link RegoType}s of the checks decide (`compiler/checks`).
       */
      readonly noMembers?: true;
    }
  | {
      readonly k: 'object';
      readonly props: readonly (readonly [string, RegoType])[];
      readonly dynamic?: { readonly key: RegoType; readonly value: RegoType };
    };

/** OPA's `types.A`. */
export const ANY_TYPE: RegoType = { k: 'any', of: [] };

class Reader {
  private at = 0;
  constructor(private readonly text: string) {}

  private skip(): void {
    while (this.text[this.at] === ' ') this.at++;
  }

  eat(token: string): boolean {
    this.skip();
    if (!this.text.startsWith(token, this.at)) return false;
    this.at += token.length;
    return true;
  }

  expect(token: string): void {
    if (!this.eat(token)) throw new Error(`type notation: expected '${token}' at ${this.at} in ${this.text}`);
  }

  word(): string {
    this.skip();
    const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(this.at));
    if (!match) throw new Error(`type notation: expected a name at ${this.at} in ${this.text}`);
    this.at += match[0].length;
    return match[0];
  }

  list<T>(item: () => T, close: string): T[] {
    const items: T[] = [];
    if (this.eat(close)) return items;
    do items.push(item());
    while (this.eat(','));
    this.expect(close);
    return items;
  }

  type(): RegoType {
    const name = this.word();
    switch (name) {
      case 'any':
        return { k: 'any', of: this.eat('<') ? this.list(() => this.type(), '>') : [] };
      case 'null':
      case 'boolean':
      case 'number':
      case 'string':
        return { k: name };
      case 'array': {
        const items = this.eat('<') ? this.list(() => this.type(), '>') : [];
        if (!this.eat('[')) return { k: 'array', items };
        const dynamic = this.type();
        this.expect(']');
        return { k: 'array', items, dynamic };
      }
      case 'set': {
        this.expect('[');
        const of = this.type();
        this.expect(']');
        return { k: 'set', of };
      }
      case 'object': {
        const props = this.eat('<')
          ? this.list(() => {
              const key = this.word();
              this.expect(':');
              return [key, this.type()] as const;
            }, '>')
          : [];
        if (!this.eat('[')) return { k: 'object', props };
        const key = this.type();
        this.expect(':');
        const value = this.type();
        this.expect(']');
        return { k: 'object', props, dynamic: { key, value } };
      }
      default:
        // A type the notation names but the check does not model (a function): anything.
        return ANY_TYPE;
    }
  }
}

const parsed = new Map<string, RegoType>();

/**
 * The structure of a type written in OPA's notation (memoized).
 * @example parseTypeNotation('array[number]'); // { k: 'array', items: [], dynamic: { k: 'number' } }
 */
export function parseTypeNotation(text: string): RegoType {
  let type = parsed.get(text);
  if (!type) {
    type = new Reader(text).type();
    parsed.set(text, type);
  }
  return type;
}
