// jsdom lacks TextEncoder, which react-router 7 needs; Node has it.
const { TextEncoder, TextDecoder } = require('node:util');
if (!global.TextEncoder) global.TextEncoder = TextEncoder;
if (!global.TextDecoder) global.TextDecoder = TextDecoder;
require('@testing-library/jest-dom');

// findBy…/waitFor give up after 1 s by default. The root `npm test` runs every project in
// parallel on a 2-core machine shared with builds, where a render that takes 0.2 s alone took
// over 1 s once in CI (mf-admin's membership dialog). Waiting longer for what must appear changes
// no assertion; a missing element still fails.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });

// TanStack Query (decision 0092) tells its observers on a `setTimeout(0)` after an answer, which
// the tests' fake timers hold until the next advance; a test would then see the page one tick
// late. In tests it tells them at once, so a page shows an answer in the same turn it arrived.
// Each remote bundles its own copy; here every project resolves the one in node_modules.
require('@tanstack/query-core').notifyManager.setScheduler((callback) => callback());
