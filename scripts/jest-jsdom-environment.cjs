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
    // Node's Request (undici) takes only Node's own AbortSignal from Node 24 on, but the page's code aborts with
    // jsdom's: a signal given to a Request is followed by a Node one that aborts with it.
    const NodeRequest = globalThis.Request;
    const JsdomAbortSignal = this.global.AbortSignal;
    if (NodeRequest && JsdomAbortSignal && JsdomAbortSignal !== globalThis.AbortSignal) {
      this.global.Request = class Request extends NodeRequest {
        constructor(input, init) {
          const signal = init && init.signal;
          if (signal instanceof JsdomAbortSignal) {
            const follower = new globalThis.AbortController();
            if (signal.aborted) follower.abort(signal.reason);
            else signal.addEventListener('abort', () => follower.abort(signal.reason), { once: true });
            super(input, { ...init, signal: follower.signal });
          } else {
            super(input, init);
          }
        }
      };
    }
  }
}

module.exports = JsdomWithFetchEnvironment;
