// jsdom lacks TextEncoder/TextDecoder, which react-router 7 needs when it loads.
const { TextDecoder, TextEncoder } = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextDecoder, TextEncoder });
