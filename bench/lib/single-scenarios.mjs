// The request kinds the issue 27 tools load one API process with (profile-scenarios.mjs,
// ab-scenarios.mjs): the floor (a 404 through the global hooks), a cached read, a page click, a
// rotator redirect — on the data seedApi made.
export function singleScenarios(base, seed) {
  return {
    floor: { url: `${base}/api/public/bench-unknown-route` },
    read: { url: `${base}/api/public/userliks?user_id=${encodeURIComponent(seed.reader.userId)}` },
    click: { url: `${base}/api/public/increment-clicks`, method: 'POST', body: { link_id: seed.clicker.linkIds[0] } },
    rotator: { url: `${base}/r/${seed.rotator.userId}`, okRedirects: true },
  };
}
