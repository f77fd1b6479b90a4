// jsdom lacks TextEncoder/TextDecoder, which react-router needs (docs/toolchain.md).
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
