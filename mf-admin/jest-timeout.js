// The root `npm test` runs all projects in parallel on a 2-core machine shared with builds; a
// rendering test that takes 1 s alone can pass 5 s there. A hang still fails, just later.
jest.setTimeout(15000);
