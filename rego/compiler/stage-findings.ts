/**
 * Errors found while resolving that OPA's compiler reports in a later stage: rule conflicts
 * (`CheckRuleConflicts`), undefined functions (`CheckUndefinedFuncs`), arity and argument types
 * (`CheckTypes`), deprecated built-ins (`CheckDeprecatedBuiltins`). The pipeline raises each
 * kind when it reaches that stage, so the error a policy with several problems gets is the one
 * OPA reports first. OPA sorts one stage's errors by location; from v1.22 on it also defers
 * "declared var unused" to the end and reports it beside the errors of the stage that fails.
 */
import { RegoError } from '../errors.ts';
import { type OpaVersion, opaAtLeast } from '../opa-version.ts';

/** The later OPA stage an error belongs to. */
export type LaterStage = 'conflicts' | 'undefinedFunctions' | 'types' | 'deprecated' | 'unusedDeclared';

function byLocation(a: RegoError, b: RegoError): number {
  const file = (a.file ?? '').localeCompare(b.file ?? '');
  if (file !== 0) return file;
  return (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
}

/** The errors of later stages recorded during resolution, raised stage by stage. */
export class StageFindings {
  private readonly found = new Map<LaterStage, RegoError[]>();
  private readonly deferUnused: boolean;
  private readonly typesWithDeprecated: boolean;

  /** @param opaVersion the OPA release whose stage order is followed */
  constructor(opaVersion: OpaVersion) {
    this.deferUnused = opaAtLeast(opaVersion, 'v1.22.2');
    this.typesWithDeprecated = opaAtLeast(opaVersion, 'v1.22.2');
  }

  /** Records `error`, found now, for `stage`; v1.15.2's unused declared variables throw at once. */
  record(stage: LaterStage, error: RegoError): void {
    if (stage === 'unusedDeclared' && !this.deferUnused) throw error;
    const list = this.found.get(stage) ?? [];
    list.push(error);
    this.found.set(stage, list);
  }

  /** Runs a stage that throws its first error; that error competes with the deferred ones. */
  run<T>(stage: () => T): T {
    try {
      return stage();
    } catch (e) {
      if (e instanceof RegoError) throw this.first([e]);
      throw e;
    }
  }

  /** Throws the first error recorded for `stage` (with the deferred ones), if any. */
  raise(stage: Exclude<LaterStage, 'unusedDeclared'>): void {
    if (stage === 'deprecated' && this.typesWithDeprecated) return;
    const errors = [...(this.found.get(stage) ?? [])];
    if (stage === 'types' && this.typesWithDeprecated) errors.push(...(this.found.get('deprecated') ?? []));
    if (errors.length > 0) throw this.first(errors);
  }

  /** Throws the first deferred error, if any: the last check of the compilation. */
  raiseDeferred(): void {
    const deferred = this.found.get('unusedDeclared') ?? [];
    if (deferred.length > 0) throw this.first([]);
  }

  private first(errors: readonly RegoError[]): RegoError {
    const all = [...errors, ...(this.found.get('unusedDeclared') ?? [])];
    return all.sort(byLocation)[0] as RegoError;
  }
}
