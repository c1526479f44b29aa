/**
 * @module rego/builtins/net
 * Network built-ins (`net.cidr_*`) and IP addresses and networks as Go parses and prints them.
 */
export { netBuiltins } from './builtins.ts';
export type { Address, Network } from './ip-address.ts';
export { contains, formatIP, parseIP, parseIPv6 } from './ip-address.ts';
