/**
 * OPA v1.22 lists the values of a conflict: once a complete rule or function has produced two
 * different values, its definitions are evaluated again (with the same arguments) and the error
 * names each differing value and where it is defined. The collecting definitions are compiled on
 * the first conflict only, so evaluations without conflicts pay nothing.
 */
import type { IrTerm, ResolvedRule } from '../compiler/index.ts';
import { RegoError } from '../errors.ts';
import type { Value } from '../value/index.ts';
import { ConflictValues } from './conflicts.ts';
import {
  type CompiledDefinition,
  compileDefinition,
  runDefinition,
  type TerminalFactory,
} from './definitions.ts';
import type { Program } from './layout.ts';
import { argumentSlots, type DefinitionGroup } from './nodes.ts';
import { compileValue } from './terms.ts';

/** The `explain` of a definition group: its conflict error with the values listed. */
export function conflictListing(program: Program): NonNullable<DefinitionGroup['explain']> {
  const collecting = new Map<CompiledDefinition, CompiledDefinition>();
  const state: { values: ConflictValues | undefined } = { values: undefined };
  const collector = (d: CompiledDefinition): CompiledDefinition => {
    let c = collecting.get(d);
    if (!c) {
      c = compileDefinition(program, d.rule, collectingTerminal(state, d.rule));
      collecting.set(d, c);
    }
    return c;
  };
  return (ctx, g, error, args) => {
    const values = new ConflictValues();
    const outer = state.values;
    state.values = values;
    try {
      for (const { position, branches } of g.index.select(ctx, args).entries) {
        const definition = g.definitions[position] as CompiledDefinition;
        runDefinition(ctx, collector(definition), args && argumentSlots(args), branches);
        if (values.more) break;
      }
    } catch {
      // Another error ends the collection: the conflict is reported with the values found so far.
    } finally {
      state.values = outer;
    }
    if (values.values.length < 2) return error;
    const loc =
      error.file === undefined
        ? undefined
        : { file: error.file, line: error.line ?? 0, column: error.column ?? 0 };
    return new RegoError(error.code, values.listing(error.detail), loc);
  };
}

/** A terminal recording each value produced (a body stops at its first conflicting value). */
function collectingTerminal(
  state: { values: ConflictValues | undefined },
  rule: ResolvedRule,
): TerminalFactory {
  return (cx, value, bound) => {
    const term = value as IrTerm;
    const loc = term === rule.value ? rule.loc : term.loc;
    return compileValue(cx, term, bound, (get) => (ctx, f) => {
      const v: Value | undefined = get(ctx, f);
      if (v === undefined) return false;
      f[0] = v;
      return state.values?.add(v, loc) ?? true;
    });
  };
}
