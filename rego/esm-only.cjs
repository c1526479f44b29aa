// A CommonJS require() of this ESM-only package lands here: fail with the way out instead of a
// resolution error.
const error = new Error(
  '@gatehousejs/rego is an ES module only: load it with import (or await import() from CommonJS), ' +
    'and set "type": "module" in your package.json or use .mjs/.mts files.',
);
error.code = 'ERR_REQUIRE_ESM';
throw error;
