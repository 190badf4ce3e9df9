/**
 * The server suites' time limit per test and hook (argon2, two database engines, child processes,
 * 300-click bursts on a loaded 2-core machine). Set here, not as `testTimeout` in jest.config.js:
 * Jest applies `testTimeout` only from the top-level config, so from the repository root
 * (`npx jest`, whose config lists projects) the server's value was ignored and every server test
 * ran with the default 5 s (jestjs/jest#9696, still so in Jest 30). A setup file is per project.
 */
jest.setTimeout(60_000);
