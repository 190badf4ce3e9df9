// `testTimeout` in this project's config is ignored when the root `jest` runs every project (it is a
// global option), so the room slow machines need for argon2 and two engines per suite is set here.
jest.setTimeout(60_000);
