import { configure } from '@testing-library/dom';

// waitFor and findBy* end as soon as the DOM shows what they wait for; their timeout only says how
// long a test may hang. Testing Library's 1 s was short for a busy machine running the whole suite
// (a wizard step failed once under load), so it is a guard against a hang here, not a wait.
configure({ asyncUtilTimeout: 10_000 });
