/**
 * @module rego/builtins/json-schema
 * The JSON Schema built-ins (`json.verify_schema`, `json.match_schema`): schemas read and
 * documents validated as the Go library OPA uses does, with its error texts.
 */
export { createJsonSchemaBuiltins, jsonSchemaBuiltins } from './builtins.ts';
