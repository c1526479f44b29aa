/**
 * Work of a chosen machine-code size, to tell what a server pays for the size of the code a
 * request runs apart from what it pays for the instructions: the same arithmetic spread over many
 * small functions (each compiled on its own, so many kilobytes of code) or looped through one.
 * `http-code-footprint.ts` puts both in front of a Hono route and loads them over HTTP.
 */

/** A step of the work: a few multiply-adds on a 32-bit integer. */
export type Step = (x: number) => number;

/** The multiplier and addend of operation `op` of function `fn`: distinct for every function. */
export function stepConstants(fn: number, op: number): [multiplier: number, addend: number] {
  return [31 + op + fn * 7, fn * 13 + op];
}

/**
 * `functions` distinct functions of `operations` multiply-adds each. They are compiled from
 * generated source (`new Function`), so that each has code of its own however many there are.
 */
export function generatedSteps(functions: number, operations: number): Step[] {
  return Array.from({ length: functions }, (_, fn) => {
    const body = Array.from({ length: operations }, (_, op) => {
      const [multiplier, addend] = stepConstants(fn, op);
      return `x = (x * ${multiplier} + ${addend}) | 0;`;
    });
    return new Function('x', `${body.join('\n')}\nreturn x;`) as Step;
  });
}

/** Runs `calls` steps, taking `steps` in turn, on a value kept from one run to the next; returns it. */
export function stepRunner(steps: readonly Step[], calls: number): () => number {
  let value = 1;
  return () => {
    let x = value;
    for (let i = 0; i < calls; i++) x = steps[i % steps.length]!(x);
    value = x;
    return x;
  };
}
