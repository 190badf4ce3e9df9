// jsdom with Node's own fetch (issue 26): the session kernel's transport is the browser's fetch,
// which jsdom does not have. Node's undici is a real HTTP client, so the client tests still talk
// to a real server; CORS is not enforced here (the browser suite covers it).
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['fetch', 'Request', 'Response', 'Headers']) {
      if (typeof globalThis[name] !== 'undefined') this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetch;
