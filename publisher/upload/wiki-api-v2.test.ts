import { CLOUD } from '../emulator/index.ts';
import { runWikiApiContract } from './wiki-api.contract.ts';

runWikiApiContract({
  name: 'Confluence Cloud (REST v2) with an API token',
  emulator: CLOUD,
  credentials: 'basic',
  expectedApi: 'v2',
});

runWikiApiContract({
  name: 'Confluence Cloud (REST v2) with OAuth, where v1 content answers 410 Gone',
  emulator: CLOUD,
  credentials: 'bearer',
  expectedApi: 'v2',
});
