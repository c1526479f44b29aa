/**
 * The rules table of the specification over HTTP with the application on a real Topaz: owner,
 * shares, public documents signed in and anonymous, a user without any relation, the restricted
 * user, and the listing agreeing with reading one by one — the same table the embedded engine
 * passes (test/app-rules.test.ts).
 */
import { describeRulesTable } from '../support/rules-table.ts';
import { startTopazTestApp } from '../support/topaz-app.ts';

describeRulesTable('the rules table over HTTP, on Topaz', () => startTopazTestApp());
