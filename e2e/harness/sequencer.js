/**
 * Journeys run in Jest's usual order, except those that change the one admin account for the rest
 * of the run (admin-two-factor.test.ts turns on two-factor sign-in, after which the other journeys'
 * password-only admin sign-in would be asked for a code): they run last.
 */
const Sequencer = require('@jest/test-sequencer').default;

const LAST = ['admin-two-factor.test.ts'];
const isLast = (test) => LAST.some((name) => test.path.endsWith(`/${name}`));

class JourneysLast extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    return [...sorted.filter((t) => !isLast(t)), ...sorted.filter(isLast)];
  }
}

module.exports = JourneysLast;
