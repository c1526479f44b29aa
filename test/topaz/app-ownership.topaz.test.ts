/**
 * Giving documents and folders away with the application on a real Topaz: the same suite the
 * embedded engine passes (test/app-ownership.test.ts) — rows and Topaz's directory change together.
 */
import { describeOwnershipTransfer } from '../support/ownership-suite.ts';
import { startTopazTestApp } from '../support/topaz-app.ts';

describeOwnershipTransfer('ownership transfer, on Topaz', () => startTopazTestApp());
