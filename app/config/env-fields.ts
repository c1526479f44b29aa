/**
 * zod schemas for single environment values. An empty value counts as unset, as shells and
 * `.env` files commonly write `NAME=` to mean "not set".
 */
import { z } from 'zod';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function blankAsAbsent(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/** True when `url` names a loopback host (127.0.0.0/8, `localhost`, `[::1]`). */
export function isLoopbackUrl(url: string): boolean {
  const { hostname } = new URL(url);
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** A TCP port, `fallback` when unset. */
export function portField(fallback: number) {
  return z.preprocess(
    blankAsAbsent,
    z
      .string()
      .default(String(fallback))
      .refine((v) => /^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65535, {
        message: 'must be a port number between 1 and 65535',
      })
      .transform(Number),
  );
}

/** A whole number from `min` to `max`, `fallback` when unset. */
export function integerField(fallback: number, min: number, max: number) {
  return z.preprocess(
    blankAsAbsent,
    z
      .string()
      .default(String(fallback))
      .refine((v) => /^\d{1,9}$/.test(v) && Number(v) >= min && Number(v) <= max, {
        message: `must be a whole number from ${min} to ${max}`,
      })
      .transform(Number),
  );
}

/** An optional string of at most `max` characters. */
export function optionalText(max = 4096) {
  return z.preprocess(
    blankAsAbsent,
    z
      .string()
      .max(max, { message: `must be at most ${max} characters` })
      .optional(),
  );
}

/** An optional absolute URL whose scheme is one of `schemes`. */
export function optionalUrl(schemes: readonly string[], label = schemes.join(' or ')) {
  return z.preprocess(
    blankAsAbsent,
    z
      .string()
      .refine((v) => URL.canParse(v) && schemes.includes(new URL(v).protocol.replace(/:$/, '')), {
        message: `must be an absolute ${label} URL`,
      })
      .optional(),
  );
}

/** A boolean written as `true`/`false`/`1`/`0`, `fallback` when unset. */
export function booleanField(fallback: boolean) {
  return z.preprocess(
    blankAsAbsent,
    z
      .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1'),
  );
}

/** An optional whole number from `min` to `max` (a default, if any, is applied by the caller). */
export function optionalInteger(min: number, max: number) {
  return z.preprocess(
    blankAsAbsent,
    z
      .string()
      .refine((v) => /^\d{1,9}$/.test(v) && Number(v) >= min && Number(v) <= max, {
        message: `must be a whole number from ${min} to ${max}`,
      })
      .transform(Number)
      .optional(),
  );
}

/** An optional boolean written as `true`/`false`/`1`/`0`. */
export function optionalBoolean() {
  return z.preprocess(
    blankAsAbsent,
    z
      .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
      .transform((v) => v === 'true' || v === '1')
      .optional(),
  );
}

const HOST_AND_PORT = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/;

/** An optional gRPC address `host:port` (no scheme), e.g. `topaz:8282` or `[::1]:8282`. */
export function optionalAddress() {
  return z.preprocess(
    blankAsAbsent,
    z
      .string()
      .refine(
        (v) => {
          const port = HOST_AND_PORT.exec(v)?.[2];
          return port !== undefined && Number(port) >= 1 && Number(port) <= 65535;
        },
        { message: 'must be host:port without a scheme, e.g. topaz:8282' },
      )
      .optional(),
  );
}
