/**
 * The `google.rpc.ErrorInfo` message, which Topaz attaches to every error it returns (domain = the
 * Aserto error code such as `E30010`, metadata = its fields). No installed package ships its
 * descriptor, so it is built here from its published definition.
 */

import { create, createFileRegistry, type DescMessage } from '@bufbuild/protobuf';
import {
  FieldDescriptorProto_Label,
  FieldDescriptorProto_Type,
  FileDescriptorProtoSchema,
} from '@bufbuild/protobuf/wkt';
import { TopazServerError } from './server-error.ts';

const { OPTIONAL: LABEL_OPTIONAL, REPEATED: LABEL_REPEATED } = FieldDescriptorProto_Label;
const { STRING: TYPE_STRING, MESSAGE: TYPE_MESSAGE } = FieldDescriptorProto_Type;

const errorDetailsFile = create(FileDescriptorProtoSchema, {
  name: 'google/rpc/error_details.proto',
  package: 'google.rpc',
  syntax: 'proto3',
  messageType: [
    {
      name: 'ErrorInfo',
      field: [
        { name: 'reason', number: 1, label: LABEL_OPTIONAL, type: TYPE_STRING, jsonName: 'reason' },
        { name: 'domain', number: 2, label: LABEL_OPTIONAL, type: TYPE_STRING, jsonName: 'domain' },
        {
          name: 'metadata',
          number: 3,
          label: LABEL_REPEATED,
          type: TYPE_MESSAGE,
          typeName: '.google.rpc.ErrorInfo.MetadataEntry',
          jsonName: 'metadata',
        },
      ],
      nestedType: [
        {
          name: 'MetadataEntry',
          options: { mapEntry: true },
          field: [
            { name: 'key', number: 1, label: LABEL_OPTIONAL, type: TYPE_STRING, jsonName: 'key' },
            { name: 'value', number: 2, label: LABEL_OPTIONAL, type: TYPE_STRING, jsonName: 'value' },
          ],
        },
      ],
    },
  ],
});

/** Descriptor of `google.rpc.ErrorInfo { reason, domain, map<string,string> metadata }`. */
export const ErrorInfoSchema: DescMessage = (() => {
  const message = createFileRegistry(errorDetailsFile, () => undefined).getMessage('google.rpc.ErrorInfo');
  if (!message)
    throw new TopazServerError(
      'descriptor_unsupported',
      'google.rpc.ErrorInfo descriptor could not be built',
    );
  return message;
})();
