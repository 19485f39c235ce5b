// The core once a thread (`npm run build:wasm`): the same sources as build/hoyito.wasm, on an
// imported memory shared between threads, each image with its statics at its own memory base
// (image k at k * IMAGE_STRIDE), so that thread k's scratch boards and search stack are its own.
// host/engines/wasm/threads.ts loads image 0 on the thread that owns the memory and 1..THREADS on
// the threads that work in it; tests/threads.test.ts checks that every image is here.
import { mkdirSync } from 'node:fs';

/** The compiler's API, named by a variable: its own type declarations redeclare the standard library's (Array.at and others) for the whole project. */
interface Compiler {
  main(args: string[]): Promise<{ error: Error | null; stderr: { toString(): string } }>;
}
const compilerModule = 'assemblyscript/asc';
const { default: asc } = (await import(compilerModule)) as { default: Compiler };

/** The most worker threads (host/engines/limits.ts: MAX_THREADS): images 0..THREADS. */
const THREADS = 8;
/** Bytes between two images' statics: the core's are 145 KB (a test checks they fit). */
const IMAGE_STRIDE = 0x40000;
/** Bytes at the start of the shared memory, below every image's statics: the threads' own words (host/engines/wasm/threads.ts). */
const THREAD_WORDS_BYTES = 4096;
/** Pages of the shared memory's start: every image's statics (host/engines/wasm/threads.ts asks for as many). */
const INITIAL_PAGES = ((THREADS + 1) * IMAGE_STRIDE) >> 16;

mkdirSync('build/threads', { recursive: true });
for (let image = 0; image <= THREADS; image++) {
  // A line an image: the nine take about a minute, which `npm start` would otherwise pass in silence.
  console.log(`  thread image ${image + 1}/${THREADS + 1}: build/threads/hoyito-${image}.wasm`);
  const { error, stderr } = await asc.main([
    'assembly/index.ts',
    '--target',
    'release',
    '--enable',
    'threads',
    '--importMemory',
    '--sharedMemory',
    '--zeroFilledMemory',
    '--initialMemory',
    String(INITIAL_PAGES),
    '--maximumMemory',
    '65536',
    '--memoryBase',
    String(image * IMAGE_STRIDE + THREAD_WORDS_BYTES),
    '--outFile',
    `build/threads/hoyito-${image}.wasm`,
    '--textFile',
    '', // not the release target's build/hoyito.wat
  ]);
  if (error) {
    console.error(stderr.toString());
    process.exit(1);
  }
}
