import { ReadableStream, TransformStream, WritableStream } from 'node:stream/web';

// The browser code's tests run each file in a context of its own (Vitest's `vmForks` pool), whose
// globals are the test environment's (jsdom's window) and lack the web streams that Node and browsers
// have; the request mocks (msw) build on them. Node's own fill the gap, where one is missing.
const streams = { ReadableStream, TransformStream, WritableStream };
for (const [name, stream] of Object.entries(streams)) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value: stream, writable: true, configurable: true });
}
