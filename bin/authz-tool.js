#!/usr/bin/env node
// Runs the TypeScript entry point through tsx, so the command works from a checkout and from npm.
import { register } from 'tsx/esm/api';

register();
await import('../cli/main.ts');
