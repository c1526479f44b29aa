/**
 * One evaluation for `authz-tool eval`: the value of `data.<policy path>.<decision>` (and of the
 * whole package) for an input document, through the embedded engine's query API, timed.
 */
import { DecisionServiceError, type Identity, isPackagePath } from '@gatehousejs/core';
import type { EmbeddedDecisionService } from '@gatehousejs/engine/node';
import { AuthzToolError } from './errors.ts';
import { counted } from './text-table.ts';

const DECISION_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** What to evaluate. */
export interface EvaluationRequest {
  readonly policyPath: string;
  /** The rule, e.g. `allowed`. */
  readonly decision: string;
  /**
   * The policy input: `{ identity: { type, value }, resource, … }`; `identity` defaults to
   * `IDENTITY_TYPE_NONE` and `policy` to `{ path, decisions: [decision] }`.
   */
  readonly input: Readonly<Record<string, unknown>>;
  /** Also return the whole package document (default false). */
  readonly withDocument?: boolean;
}

/** The outcome. */
export interface Evaluation {
  readonly policyPath: string;
  readonly decision: string;
  /** Whether the rule produced a value (an undefined rule denies). */
  readonly defined: boolean;
  /** The rule's value (`undefined` when undefined). */
  readonly value: unknown;
  /** The package document (`data.<policy path>`), with `withDocument`. */
  readonly document?: unknown;
  /** Wall time of the decision's evaluation, in milliseconds. */
  readonly durationMs: number;
}

/** `data["a"]["b"]…`: bracket form, so that a segment spelled like a keyword still works. */
function dataRef(segments: readonly string[]): string {
  return `data${segments.map((s) => `[${JSON.stringify(s)}]`).join('')}`;
}

function identityOf(input: Readonly<Record<string, unknown>>): Identity {
  return (input.identity as Identity | undefined) ?? { type: 'IDENTITY_TYPE_NONE' };
}

/**
 * Evaluates the decision for `request.input`.
 *
 * @throws {AuthzToolError} `usage` for a malformed path or decision name, `policy_not_found`
 *   when no loaded package has the path, `input_invalid` for a bad identity
 * @example
 * await evaluateDecision(service, { policyPath: 'webapp.GET.api.documents', decision: 'allowed', input });
 */
export async function evaluateDecision(
  service: EmbeddedDecisionService,
  request: EvaluationRequest,
  clock: () => number = () => performance.now(),
): Promise<Evaluation> {
  const { policyPath, decision } = request;
  if (!isPackagePath(policyPath)) {
    throw new AuthzToolError(
      'usage',
      `--path must be a dotted policy path such as webapp.GET.api, got "${policyPath}"`,
    );
  }
  if (!DECISION_NAME.test(decision)) {
    throw new AuthzToolError('usage', `--decision must be a rule name such as allowed, got "${decision}"`);
  }
  if (!service.packages.includes(policyPath)) {
    throw new AuthzToolError(
      'policy_not_found',
      `no policy package ${policyPath} is loaded (${counted(service.packages.length, 'package')} loaded; authz-tool policy-map lists route policies)`,
    );
  }
  const { identity: _identity, ...rest } = request.input;
  const input = { policy: { path: policyPath, decisions: [decision] }, ...rest };
  const segments = policyPath.split('.');
  const query = (text: string) => service.query({ query: text, input, identity: identityOf(request.input) });
  try {
    const started = clock();
    const results = await query(`value = ${dataRef([...segments, decision])}`);
    const durationMs = clock() - started;
    const value = results[0]?.bindings.value;
    const document = request.withDocument
      ? (await query(`document = ${dataRef(segments)}`))[0]?.bindings.document
      : undefined;
    return {
      policyPath,
      decision,
      defined: results.length > 0,
      value,
      ...(request.withDocument ? { document } : {}),
      durationMs,
    };
  } catch (error) {
    if (error instanceof DecisionServiceError && error.code === 'invalid_request') {
      throw new AuthzToolError('input_invalid', `invalid input: ${error.message}`, { cause: error });
    }
    throw error;
  }
}
