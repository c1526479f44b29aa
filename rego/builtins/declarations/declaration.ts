/**
 * What a built-in is, apart from how it is computed: its name, arguments and result with their
 * types (in OPA's type notation: `string`, `array[any]`, `object[string: any]`, `any<number,
 * string>`), its description and category, and the OPA releases that have it.
 */
import type { OpaVersion } from '../../opa-version.ts';

/** One argument or the result of a built-in. */
export interface BuiltinOperand {
  /** The name OPA's documentation gives it (`x`, `collection`, `output`). */
  readonly name: string;
  /** Its type in OPA's notation. */
  readonly type: string;
}

/** The declaration of one built-in. */
export interface BuiltinDeclaration {
  /** The name policies call it by (`concat`, `io.jwt.decode`). */
  readonly name: string;
  /** OPA's category (`strings`, `tokens`, …). */
  readonly category: string;
  readonly args: readonly BuiltinOperand[];
  /** After `args`, any number of further arguments of this type (`print`). */
  readonly variadic?: BuiltinOperand;
  /** Absent for a built-in that answers nothing (`print`). */
  readonly result?: BuiltinOperand;
  /** What it does, in OPA's words (Markdown). */
  readonly description: string;
  /** The OPA release that introduced it. */
  readonly introduced: string;
  /** The releases this package follows that have it, oldest first. */
  readonly releases: readonly OpaVersion[];
  /** The operator it is written as (`+`, `==`), if any. */
  readonly infix?: string;
  /** A relation: it may answer several values (`walk`). */
  readonly relation?: true;
  /** Its answer depends on more than its arguments (`time.now_ns`, `http.send`). */
  readonly nondeterministic?: true;
  /** Deprecated by OPA. */
  readonly deprecated?: true;
}
