import { describeRulesTable } from './support/rules-table.ts';
import { startTestApp } from './support/test-app.ts';

describeRulesTable('the rules table over HTTP, on the development provider', () => startTestApp());
