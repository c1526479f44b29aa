/**
 * Giving documents and folders away, over HTTP against the real stack: the new owner holds
 * everything an owner holds at once, the old owner keeps nothing but what the new owner shares
 * back (documented), a document leaves the old owner's folder, a folder goes with everything of
 * the old owner's inside it; the rows and the directory change together, once, under concurrent
 * attempts; and only the owner can do it — not a writer, another user, an anonymous or restricted
 * caller, nor a forged request from another origin — with bad input answered 4xx by name.
 */
import { describeOwnershipTransfer } from './support/ownership-suite.ts';
import { startTestApp } from './support/test-app.ts';

describeOwnershipTransfer('ownership transfer, on the embedded engine', () => startTestApp());
