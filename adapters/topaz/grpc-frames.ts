/**
 * gRPC's length-prefixed message framing (uncompressed): the frame of a request and the messages
 * of a response body.
 */
import { Code, ConnectError } from '@connectrpc/connect';

/** The gRPC length-prefixed frame of one uncompressed message. */
export function envelope(message: Uint8Array): Buffer {
  const frame = Buffer.allocUnsafe(5 + message.byteLength);
  frame.writeUInt8(0, 0);
  frame.writeUInt32BE(message.byteLength, 1);
  frame.set(message, 5);
  return frame;
}

/** The messages of a response body, in order. */
export function messages(body: Buffer): Uint8Array[] {
  const found: Uint8Array[] = [];
  let offset = 0;
  while (offset < body.byteLength) {
    if (body.byteLength - offset < 5) {
      throw new ConnectError('protocol error: incomplete message frame', Code.Internal);
    }
    if ((body.readUInt8(offset) & 1) === 1) {
      throw new ConnectError(
        'protocol error: received a compressed message that was not asked for',
        Code.Internal,
      );
    }
    const end = offset + 5 + body.readUInt32BE(offset + 1);
    if (end > body.byteLength) throw new ConnectError('protocol error: incomplete message', Code.Internal);
    found.push(body.subarray(offset + 5, end));
    offset = end;
  }
  return found;
}

/** The single message of a unary response body. */
export function singleMessage(body: Buffer): Uint8Array {
  const found = messages(body);
  if (found.length === 0) {
    throw new ConnectError('protocol error: missing output message for unary method', Code.Unimplemented);
  }
  if (found.length > 1) {
    throw new ConnectError('protocol error: expected exactly one output message', Code.Unimplemented);
  }
  return found[0] as Uint8Array;
}
