/** Hash built-ins: `crypto.md5/sha1/sha256/sha512` and `crypto.hmac.*` (hex digests). */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { BuiltinDefinition } from '../builtin.ts';
import { defineFunction, stringArg } from './operands.ts';

function digest(name: string, algorithm: string): BuiltinDefinition {
  return defineFunction(name, 1, (args) =>
    createHash(algorithm)
      .update(stringArg(name, args, 0), 'utf8')
      .digest('hex'),
  );
}

function hmac(name: string, algorithm: string): BuiltinDefinition {
  return defineFunction(name, 2, (args) => {
    const message = stringArg(name, args, 0);
    const key = stringArg(name, args, 1);
    return createHmac(algorithm, key).update(message, 'utf8').digest('hex');
  });
}

/** Hash built-ins. */
export const cryptoBuiltins: readonly BuiltinDefinition[] = [
  digest('crypto.md5', 'md5'),
  digest('crypto.sha1', 'sha1'),
  digest('crypto.sha256', 'sha256'),
  digest('crypto.sha512', 'sha512'),
  hmac('crypto.hmac.md5', 'md5'),
  hmac('crypto.hmac.sha1', 'sha1'),
  hmac('crypto.hmac.sha256', 'sha256'),
  hmac('crypto.hmac.sha512', 'sha512'),
  defineFunction('crypto.hmac.equal', 2, (args) => {
    const a = Buffer.from(stringArg('crypto.hmac.equal', args, 0));
    const b = Buffer.from(stringArg('crypto.hmac.equal', args, 1));
    return a.length === b.length && timingSafeEqual(a, b);
  }),
];
