/** Hash built-ins: `crypto.md5/sha1/sha256/sha512` and `crypto.hmac.*` (hex digests). */
import { hmac } from '@noble/hashes/hmac.js';
import { md5, sha1 } from '@noble/hashes/legacy.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import type { CHash } from '@noble/hashes/utils.js';
import type { BuiltinDefinition } from '../builtin.ts';
import { bytesEqual, hexText, utf8Bytes } from './bytes.ts';
import { defineFunction, stringArg } from './operands.ts';

function digest(name: string, hash: CHash): BuiltinDefinition {
  return defineFunction(name, 1, (args) => hexText(hash(utf8Bytes(stringArg(name, args, 0)))));
}

function keyedDigest(name: string, hash: CHash): BuiltinDefinition {
  return defineFunction(name, 2, (args) => {
    const message = stringArg(name, args, 0);
    const key = stringArg(name, args, 1);
    return hexText(hmac(hash, utf8Bytes(key), utf8Bytes(message)));
  });
}

/** Hash built-ins. */
export const cryptoBuiltins: readonly BuiltinDefinition[] = [
  digest('crypto.md5', md5),
  digest('crypto.sha1', sha1),
  digest('crypto.sha256', sha256),
  keyedDigest('crypto.hmac.md5', md5),
  keyedDigest('crypto.hmac.sha1', sha1),
  keyedDigest('crypto.hmac.sha256', sha256),
  keyedDigest('crypto.hmac.sha512', sha512),
  defineFunction('crypto.hmac.equal', 2, (args) =>
    bytesEqual(
      utf8Bytes(stringArg('crypto.hmac.equal', args, 0)),
      utf8Bytes(stringArg('crypto.hmac.equal', args, 1)),
    ),
  ),
];
