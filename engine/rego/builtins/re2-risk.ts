/**
 * Whether a backtracking engine can run an expression safely on an input: nested repetition
 * (`(a+)+`, `(a|a)*`) can take exponential time, and k variable repetitions O(n^(k+1)); such
 * cases go to the linear-time matcher instead.
 */
import type { Re2Node } from './re2-syntax.ts';

/** What makes an expression slow to backtrack. */
export interface BacktrackingRisk {
  /** A repetition containing a repetition or an alternation. */
  readonly nested: boolean;
  /** Number of variable repetitions and alternations. */
  readonly branchings: number;
  /**
   * A capture group inside a repetition: JavaScript clears it on every iteration, Go keeps the last
   * value it took, so submatches must come from the linear-time matcher.
   */
  readonly capturesInRepeat: boolean;
}

/** Most steps a backtracking match may be expected to take (n^(branchings+1)). */
const STEP_BUDGET_LOG10 = 7;

function varies(node: Re2Node): boolean {
  return (node.kind === 'repeat' && node.max !== node.min) || node.kind === 'alternate';
}

function contains(node: Re2Node, test: (n: Re2Node) => boolean): boolean {
  if (test(node)) return true;
  switch (node.kind) {
    case 'group':
    case 'repeat':
      return contains(node.body, test);
    case 'concat':
    case 'alternate':
      return node.items.some((item) => contains(item, test));
    default:
      return false;
  }
}

/** The risk profile of an expression. */
export function backtrackingRisk(root: Re2Node): BacktrackingRisk {
  let nested = false;
  let branchings = 0;
  let capturesInRepeat = false;
  const isCapture = (n: Re2Node) => n.kind === 'group' && n.capture;
  const visit = (node: Re2Node): void => {
    if (varies(node)) branchings++;
    if (node.kind === 'repeat' && node.max !== 0 && node.max !== 1 && contains(node.body, isCapture)) {
      capturesInRepeat = true;
    }
    if (node.kind === 'repeat' && node.max !== node.min && contains(node.body, varies)) nested = true;
    if (node.kind === 'group' || node.kind === 'repeat') visit(node.body);
    else if (node.kind === 'concat' || node.kind === 'alternate') node.items.forEach(visit);
  };
  visit(root);
  return { nested, branchings, capturesInRepeat };
}

/** Whether backtracking over `length` characters stays within the step budget. */
export function backtrackingIsSafe(risk: BacktrackingRisk, length: number): boolean {
  if (risk.nested) return false;
  if (risk.branchings === 0 || length <= 1) return true;
  return (risk.branchings + 1) * Math.log10(length) <= STEP_BUDGET_LOG10;
}
