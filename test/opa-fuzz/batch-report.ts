/**
 * A differential batch as text: each divergence and each program OPA stalled on, with what it
 * takes to replay it, and the tally of divergences by shape family and answer kinds.
 */
import { answerKind, showAnswer } from './answers.ts';
import type { Divergence, OpaStallRecord } from './differential.ts';
import type { FuzzProgram } from './rego-program.ts';

function programLines(program: FuzzProgram): string[] {
  return [
    program.source.trimEnd(),
    `input: ${JSON.stringify(program.input)}`,
    ...(program.documents?.length ? [`documents: ${JSON.stringify(program.documents)}`] : []),
  ];
}

const modeOf = (program: FuzzProgram) =>
  `${program.regoVersion ?? 'v1'}${program.strict === false ? ', non-strict' : ''}`;

/**
 * A divergence as text: the program (its index in the batch), its input and both answers.
 * @example consola.log(describeDivergence(divergences[0]));
 */
export function describeDivergence(d: Divergence): string {
  return [
    `# ${d.family}, ${modeOf(d.program)}, program ${d.index}${d.opaBug ? ` (OPA's own bug: ${d.opaBug})` : ''}`,
    ...programLines(d.program),
    `rule: data.${d.ref}`,
    `engine: ${showAnswer(d.engine)}`,
    `opa:    ${showAnswer(d.opa)}`,
  ].join('\n');
}

/**
 * A program OPA stalled on as text: why, its index (`--only <index>` with the batch's seed
 * replays it), the program and the engine's answers.
 * @example consola.log(describeStall(stalls[0]));
 */
export function describeStall(s: OpaStallRecord): string {
  return [
    `# OPA stalled (${s.reason}), ${modeOf(s.program)}, program ${s.index} of seed ${s.seed}`,
    ...programLines(s.program),
    ...s.refs.map(
      (ref, i) => `engine, data.${ref}: ${showAnswer(s.engine[i] ?? { kind: 'result', value: undefined })}`,
    ),
  ].join('\n');
}

/**
 * The number of divergences per shape family and per pair of answer kinds (`engine → opa`).
 * @example for (const [what, n] of tallyDivergences(divergences)) consola.log(n, what);
 */
export function tallyDivergences(divergences: readonly Divergence[]): Map<string, number> {
  const tally = new Map<string, number>();
  for (const d of divergences) {
    const key = d.opaBug
      ? `OPA's own bug: ${d.opaBug}`
      : `${d.family}: engine ${answerKind(d.engine)} / opa ${answerKind(d.opa)}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  }
  return new Map([...tally].sort((a, b) => b[1] - a[1]));
}
