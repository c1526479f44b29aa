import { DATA_CENTER } from '../emulator/index.ts';
import { runWikiApiContract } from './wiki-api.contract.ts';

runWikiApiContract({
  name: 'Confluence Data Center (REST v1, no move endpoint)',
  emulator: DATA_CENTER,
  credentials: 'basic',
  expectedApi: 'v1',
});

runWikiApiContract({
  name: 'Confluence Data Center (REST v1) with a personal access token',
  emulator: DATA_CENTER,
  credentials: 'bearer',
  expectedApi: 'v1',
});
