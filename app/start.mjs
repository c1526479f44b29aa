// `npm start`: runs the built application (`app/dist/main.js`), building it first when it is
// missing or older than its sources, in this one process (one Node start-up, no compiler loaded
// when the build is fresh). Stack traces point into the bundle; `NODE_OPTIONS=--enable-source-maps`
// points them into the TypeScript sources, at the cost of reading every chunk's map at start.
import { pathToFileURL } from 'node:url';
import { BUILT_MAIN, buildApp, isBuildFresh } from './build.mjs';

if (!isBuildFresh()) {
  const ms = await buildApp();
  console.log(`Compiled the application in ${Math.round(ms)} ms`);
}
await import(pathToFileURL(BUILT_MAIN).href);
