import { configure } from '@testing-library/dom';
import { afterEach } from 'vitest';
import { getQueryClient } from '../lib/query-client.ts';

// waitFor and findBy* end as soon as the DOM shows what they wait for; their timeout only says how
// long a test may hang. Testing Library's 1 s was short for a busy machine running the whole suite
// (a wizard step failed once under load), so it is a guard against a hang here, not a wait.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has <dialog> but not its modal methods, nor scrolling: the modals open and close as the
// browser's do, for every component test (a test file may ask for the bare node environment).
if (typeof HTMLDialogElement !== 'undefined') {
  Element.prototype.scrollIntoView ??= () => {};
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
}

// The page's one query client lives as long as the page, and a test file is many pages in one: each
// test starts with it empty, as a page does. A member left there by an earlier test was shown for a
// moment by the next one's session, which unmounted what the test had just clicked.
afterEach(() => getQueryClient().clear());
