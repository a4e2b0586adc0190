// jsdom, plus the web platform classes Node already has and react-router 7's data router uses
// (Request for navigations, TextEncoder), which jsdom does not provide.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    for (const name of [
      'Request',
      'Response',
      'Headers',
      'FormData',
      'AbortController',
      'AbortSignal',
      'TextEncoder',
      'TextDecoder',
      'ReadableStream',
    ]) {
      if (typeof this.global[name] === 'undefined' && typeof globalThis[name] !== 'undefined')
        this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetchEnvironment;
