/**
 * The configuration layer's error: one clear start-up failure naming every bad variable.
 */

/** Raised by {@link loadSettings} when the environment holds a missing or malformed value. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  /** Always `config_invalid`. */
  readonly code = 'config_invalid';
  /** The environment variables at fault, in the order reported. */
  readonly variables: readonly string[];

  constructor(problems: readonly { variable: string; message: string }[], options?: { cause?: unknown }) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`,
      options,
    );
    this.variables = [...new Set(problems.map((p) => p.variable))];
  }
}
