/**
 * The public face of the engine: compile a set of modules once ({@link compilePolicies}), then
 * evaluate `data` paths and queries against inputs as often as needed.
 */

import {
  type CompileConfig,
  type CompileOptions,
  compileOptionsSchema,
  type EvalOptions,
  type PolicyModule,
  type QueryOptions,
} from './compile-options.ts';
import { compileModules, compileQuery } from './compiler/index.ts';
import { RegoError } from './errors.ts';
import {
  CompiledProgram,
  Ctx,
  compileDataGetter,
  compileQueryRunner,
  type EvalSettings,
  EvalState,
} from './eval/index.ts';
import { asRegoError, inputValue } from './evaluation-input.ts';
import { optionProblems } from './option-problems.ts';
import { createPolicyBatch, type PolicyBatch } from './policy-batch.ts';
import { parseModule, parseQuery } from './syntax/index.ts';
import { fromJson, type Value } from './value/index.ts';

/** A `test_` rule found in the policy set. */
export interface PolicyTest {
  /** Full path, e.g. `data.webapp.test_owner_can_read`. */
  readonly path: string;
  readonly packageName: string;
  readonly rule: string;
  readonly file: string;
  readonly line: number;
}

/** A compiled, immutable set of policies. */
export interface PolicySet {
  /** Package names (dotted, without `data.`), sorted. */
  readonly packages: readonly string[];
  /**
   * The value of a `data` document (`webapp.GET.api.documents.__id.allowed` or with a `data.`
   * prefix) for `input`; `undefined` when undefined. Throws {@link RegoError}.
   */
  evaluate(ref: string, input?: unknown, options?: EvalOptions): Value | undefined;
  /**
   * A batch of evaluations with `options` (e.g. one per document of a list): a rule whose value
   * depends only on parts of the input that hold equal values in two evaluations of the batch
   * (such as the caller's identity in every query of a request) is evaluated once. Its inputs'
   * objects must not change while the batch is in use, nor anything its host's built-ins read.
   */
  batch(options?: EvalOptions): PolicyBatch;
  /** All solutions of a query (e.g. `data.test.p = x`) as variable bindings. */
  query(queryText: string, options?: QueryOptions): Record<string, Value>[];
  /** The `test_` rules, in package and name order. */
  tests(): readonly PolicyTest[];
}

const MAX_CACHED = 1_000;

const discard = (): void => {};
const wallClock = (): number => performance.now();

/**
 * Parses and compiles modules into a {@link PolicySet}. Throws {@link RegoError}
 * (`rego_parse_error`, `rego_compile_error`, `rego_type_error`, `rego_unsafe_var_error`,
 * `rego_recursion_error`, `rego_unsupported_error`) naming file, line and column.
 *
 * @example
 * const policies = compilePolicies([{ file: 'a.rego', source: 'package a\nallow if input.admin' }], {
 *   builtins: standardBuiltins,
 *   version: 'v1',
 * });
 * policies.evaluate('a.allow', { admin: true }); // true
 */
export function compilePolicies(modules: readonly PolicyModule[], options?: CompileOptions): PolicySet {
  const parsedOptions = compileOptionsSchema.safeParse(options);
  if (!parsedOptions.success) {
    throw new RegoError(
      'invalid_options',
      `invalid compile options: ${optionProblems(parsedOptions.error)}`,
      undefined,
      { cause: parsedOptions.error },
    );
  }
  const config = parsedOptions.data;
  try {
    const parsed = modules.map(
      (m) =>
        m.parsed ??
        parseModule(m.source, m.file, {
          version: m.version ?? config.version,
          opaVersion: config.opaVersion,
        }),
    );
    const rules = compileModules(parsed, config.builtins, config.opaVersion);
    const program = new CompiledProgram(rules, config.builtins, config.opaVersion);
    let data: Value;
    try {
      data = fromJson(config.data, 'data');
    } catch (e) {
      throw new RegoError('rego_compile_error', `invalid data: ${(e as Error).message}`, undefined, {
        cause: e,
      });
    }
    return new CompiledPolicySet(program, config, data, parsed);
  } catch (e) {
    throw asRegoError(e);
  }
}

class CompiledPolicySet implements PolicySet {
  readonly packages: readonly string[];
  private readonly program: CompiledProgram;
  private readonly config: CompileConfig;
  private readonly data: Value;
  private readonly getters = new Map<string, (ctx: Ctx) => Value | undefined>();
  private readonly queries = new Map<string, (ctx: Ctx) => Record<string, Value>[]>();
  private readonly testRules: readonly PolicyTest[];
  private readonly defaults: EvalSettings;

  constructor(
    program: CompiledProgram,
    config: CompileConfig,
    data: Value,
    modules: ReturnType<typeof parseModule>[],
  ) {
    this.program = program;
    this.config = config;
    this.data = data;
    this.defaults = {
      strict: false,
      nowNs: undefined,
      limits: config.limits,
      print: discard,
      clock: wallClock,
    };
    this.packages = [...new Set(modules.map((m) => m.packagePath.join('.')))].sort();
    const tests = new Map<string, PolicyTest>();
    for (const m of modules) {
      for (const r of m.rules) {
        if (!r.name.startsWith('test_') || r.ref.length !== 1 || r.kind !== 'single') continue;
        const packageName = m.packagePath.join('.');
        const path = `data.${packageName}.${r.name}`;
        if (!tests.has(path))
          tests.set(path, { path, packageName, rule: r.name, file: m.file, line: r.loc.line });
      }
    }
    this.testRules = [...tests.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  private settings(options: EvalOptions | undefined): EvalSettings {
    if (!options) return this.defaults;
    const limits = this.config.limits;
    return {
      strict: options.strict ?? false,
      nowNs: options.nowNs,
      limits: {
        maxSteps: options.limits?.maxSteps ?? limits.maxSteps,
        maxMillis: options.limits?.maxMillis ?? limits.maxMillis,
      },
      print: options.print ?? discard,
      clock: options.clock ?? wallClock,
    };
  }

  evaluate(ref: string, input?: unknown, options?: EvalOptions): Value | undefined {
    const getter = this.getter(ref);
    try {
      return getter(new Ctx(new EvalState(this.settings(options)), inputValue(input), this.data, null, null));
    } catch (e) {
      throw asRegoError(e);
    }
  }

  batch(options?: EvalOptions): PolicyBatch {
    const settings = this.settings(options);
    return createPolicyBatch((ref) => this.getter(ref), this.data, {
      ...settings,
      nowNs: settings.nowNs ?? BigInt(Date.now()) * 1_000_000n,
    });
  }

  private getter(ref: string): (ctx: Ctx) => Value | undefined {
    let getter = this.getters.get(ref);
    if (!getter) {
      const path = ref
        .replace(/^data(\.|$)/, '')
        .split('.')
        .filter((p) => p !== '');
      getter = compileDataGetter(this.program, path);
      if (this.getters.size >= MAX_CACHED) this.getters.clear();
      this.getters.set(ref, getter);
    }
    return getter;
  }

  query(queryText: string, options?: QueryOptions): Record<string, Value>[] {
    try {
      let compiled = this.queries.get(queryText);
      if (!compiled) {
        compiled = compileQueryRunner(
          this.program,
          compileQuery(
            parseQuery(queryText, 'query', this.config.opaVersion),
            this.program.root,
            this.config.builtins,
          ),
        );
        if (this.queries.size >= MAX_CACHED) this.queries.clear();
        this.queries.set(queryText, compiled);
      }
      return compiled(
        new Ctx(new EvalState(this.settings(options)), inputValue(options?.input), this.data, null, null),
      );
    } catch (e) {
      throw asRegoError(e);
    }
  }

  tests(): readonly PolicyTest[] {
    return this.testRules;
  }
}
