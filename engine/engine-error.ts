/**
 * The embedded decision service's own error. Decisions fail with core's `DecisionServiceError`
 * (the port's contract), policies with the Rego layer's `RegoError` and manifests with the
 * directory's `ManifestError`; everything else the service reports is an {@link EngineError}.
 */

/** Why the service failed. */
export type EngineErrorCode =
  /** An option of `createEmbeddedDecisionService` or `runPolicyTests` is wrong. */
  | 'invalid_options'
  /** The policy directory (or a file in it) cannot be read. */
  | 'policies_unreadable'
  /** The policy directory holds no policy to load. */
  | 'policies_missing'
  /** The manifest file cannot be read. */
  | 'manifest_unreadable'
  /** A request to a Topaz capability (query, model) is malformed or cannot be honoured. */
  | 'invalid_request'
  /** The service was used after `close()`. */
  | 'service_closed';

/**
 * A failure of the embedded decision service outside a decision.
 *
 * @example
 * try { await loadManifestFile('missing.yaml') } catch (e) { if (e instanceof EngineError) e.code } // 'manifest_unreadable'
 */
export class EngineError extends Error {
  override name = 'EngineError';
  readonly code: EngineErrorCode;

  constructor(code: EngineErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
