/**
 * A minimal HTTPS JSON client for tests of the REST gateway, trusting a given CA (Node's `fetch`
 * cannot be given one).
 */
import https from 'node:https';

/** A gateway answer. */
export interface HttpsAnswer {
  readonly status: number;
  readonly contentType: string;
  /** The raw body text (the gateway indents its JSON). */
  readonly text: string;
  readonly json: unknown;
}

/**
 * Sends `body` (a string is sent as is, anything else as JSON) and parses the answer.
 *
 * @example
 * const answer = await httpsJson(`${restUrl}/api/v2/info`, { ca: caCert });
 */
export function httpsJson(
  url: string,
  options: { ca: string; method?: string; body?: unknown; headers?: Record<string, string> },
): Promise<HttpsAnswer> {
  const payload =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        method: options.method ?? (payload === undefined ? 'GET' : 'POST'),
        ca: options.ca,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({
            status: response.statusCode ?? 0,
            contentType: response.headers['content-type'] ?? '',
            text,
            json,
          });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
