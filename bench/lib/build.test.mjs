import { test } from 'node:test';
import assert from 'node:assert/strict';
import { needsBuild } from './build.mjs';

test('builds what was never built, or whose sources are newer than the build', () => {
  assert.equal(needsBuild({ markerMtime: null, srcMtime: 5 }), 'not built');
  assert.equal(needsBuild({ markerMtime: 10, srcMtime: 11 }), 'sources changed since the last build');
  assert.equal(needsBuild({ markerMtime: 10, srcMtime: 9, sharedApiRebuilt: true }), 'shared-api was rebuilt');
  assert.equal(needsBuild({ markerMtime: 10, srcMtime: 9 }), null);
});
