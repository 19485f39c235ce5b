/** The block codec of compressed database files on node: raw deflate from node's zlib (the browser build leaves this module out). */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { BlockCodec } from './tablebase.js';

export const zlibCodec: BlockCodec = {
  deflate: block => deflateRawSync(block, { level: 9 }),
  inflate: (block, size) => inflateRawSync(block, { maxOutputLength: size }),
};
