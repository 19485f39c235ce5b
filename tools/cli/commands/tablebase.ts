/**
 * `hoyito tablebase build`: endgame databases of a 2xn board (2x6 by default, the largest they are
 * built for), into a file (docs/endgames.md); `verify FILE`: a file's layers against the published
 * hashes; `upgrade FILE`: a file of any format (one before 4 read only here), checked against them, written again in the current one.
 */
import { type HoyitoError, type Result, err, ok } from '../../../host/types.js';
import { MAX_TABLEBASE_HOLES, MAX_TABLEBASE_SEEDS, MIN_TABLEBASE_HOLES } from '../../../host/engines/limits.js';
import { type Checkpoint, checkpointFrom } from '../../../host/engines/tablebase-checkpoint.js';
import { type Tablebase, layersOf } from '../../../host/engines/tablebase.js';
import { type BuildProgress, DEFAULT_CACHE_MB, buildWasmTablebase } from '../../../host/engines/wasm/tablebase.js';
import { loadWasmCore } from '../../../host/engines/wasm/core.js';
import { buildTablebaseThreads } from '../../../host/engines/wasm/tablebase-threads.js';
import { MAX_THREADS } from '../../../host/engines/wasm/threads.js';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import {
  DEFAULT_TABLEBASE_DIR,
  DEFAULT_TABLEBASE_SEEDS,
  badTablebase,
  checkpointPath,
  readCheckpoint,
  readTablebaseFile,
  removeCheckpoint,
  tablebaseDestination,
  writeCheckpoint,
  writeTablebase,
} from '../../tablebase-files.js';
import { badOption, oneOf, optionalWholeNumber, quote, writableFolder } from '../../options.js';
import { type LayerCheck, checkLayerHashes, differingLayers } from '../../tablebase-hashes.js';
import { TABLEBASE_FORMAT_VERSION } from '../../../host/engines/tablebase-file.js';
import { type Command, attempt } from '../command.js';
import { progressLine } from '../render.js';

/** A checkpoint is written after every layer, and after a pass once this long has passed since the last one. */
const CHECKPOINT_EVERY_MS = 60_000;

/** A layer's line of `verify`: its hash, and whether it is the published one. */
const checkLine = ({ rule, seeds, hash, published }: LayerCheck): string =>
  `layer ${seeds} (table ${rule}) ${hash} ` +
  (published === undefined ? 'not published' : published === hash ? 'ok' : `DIFFERS: published ${published}`);

/** The checks of a file's layers, or the error that names the layers whose values are not the published ones. */
const verifiedLayers = async (
  path: string,
  legacy: boolean,
): Promise<Result<{ readonly base: Tablebase; readonly checks: LayerCheck[] }, HoyitoError>> => {
  const base = await readTablebaseFile(path, { legacy });
  if (!base.ok) return base;
  const checks = checkLayerHashes(base.value);
  if (!checks.some(check => check.published !== undefined))
    return badTablebase(path, "no hashes are published for its game's layers (docs/endgames.md)");
  const differing = differingLayers(checks);
  if (differing.length > 0)
    return badTablebase(
      path,
      [
        `the values of ${differing.map(({ seeds, rule }) => `layer ${seeds} (table ${rule})`).join(', ')} differ from the published ones`,
        ...checks.map(checkLine),
      ].join('\n'),
    );
  return ok({ base: base.value, checks });
};

/** `verify FILE`: every layer's hash, each against the published one. */
const verify = async (path: string): Promise<Result<string[], HoyitoError>> => {
  const verified = await verifiedLayers(path, false);
  return verified.ok ? ok([...verified.value.checks.map(checkLine), `${path}: every published layer matches`]) : verified;
};

/**
 * `upgrade FILE`: a file of any format, its values checked against the published hashes (a game
 * none are published for is refused: nothing would vouch for its header), written again in the
 * current format, compressed, in its place.
 */
const upgrade = async (path: string): Promise<Result<string[], HoyitoError>> => {
  const verified = await verifiedLayers(path, true);
  if (!verified.ok) return verified;
  const written = await writeTablebase(path, verified.value.base);
  if (!written.ok) return written;
  return ok([...verified.value.checks.map(checkLine), `wrote ${path} in format version ${TABLEBASE_FORMAT_VERSION}`]);
};

export const tablebase: Command = {
  usage: `build [--variant ii|iii] [--holes ${MIN_TABLEBASE_HOLES}-${MAX_TABLEBASE_HOLES}] [--seeds 0-${MAX_TABLEBASE_SEEDS}] [--layers chain|all] [--rule capturer|fixed] [--compress deflate|none] [--cache-mb MB] [--spill DIR|none] [--threads 1-${MAX_THREADS}] [--out DIR] [--resume | --from FILE] | verify FILE | upgrade FILE`,
  summary:
    `build the endgame databases of 2x--holes (default 2x${MAX_TABLEBASE_HOLES}) up to --seeds seeds on the board (default ${DEFAULT_TABLEBASE_SEEDS}) into DIR (default ${DEFAULT_TABLEBASE_DIR}/): ` +
    'the chain of layers a game reaches (K, K-4, ..., K mod 4) or all layers 0..K; --cache-mb bounds the memory for quiet moves kept between passes ' +
    `(default ${DEFAULT_CACHE_MB}); --spill writes the quiet moves of layers larger than the cache to files in DIR (default the --out folder; removed at the end) and reads them back in every pass, instead of playing them again; --threads share the passes (default the machine's cores); --resume goes on from the checkpoint beside the file; --from starts from the layers of a database file of the same game built to fewer seeds (the chain of 24 for the chain of 28). ` +
    'verify FILE: the SHA-256 of each layer of FILE against the published ones (docs/endgames.md), naming any layer that differs; ' +
    `upgrade FILE: a file of an older format (or block size), checked against them, written again in version ${TABLEBASE_FORMAT_VERSION} in its place`,
  arity: { min: 1, max: 2 },
  options: ['variant', 'holes', 'seeds', 'layers', 'rule', 'compress', 'cache-mb', 'spill', 'threads', 'out', 'from'],
  flags: ['resume'],
  run: async (args, output) => {
    const [action, file] = args.positional;
    if (action === 'verify' || action === 'upgrade') {
      if (file === undefined) return badOption('arguments', `tablebase ${action} needs a FILE`);
      return action === 'verify' ? verify(file) : upgrade(file);
    }
    if (action !== 'build')
      return badOption('arguments', `tablebase ${quote(action!)}: the actions are build, verify FILE and upgrade FILE`);
    if (file !== undefined) return badOption('arguments', `tablebase build takes no FILE (${quote(file)}): --out names where it writes`);
    const variant = oneOf(args.options.get('variant') ?? 'ii', '--variant', ['ii', 'iii'] as const);
    if (!variant.ok) return variant;
    const rule = oneOf(args.options.get('rule') ?? 'capturer', '--rule', ['capturer', 'fixed'] as const);
    if (!rule.ok) return rule;
    const layers = oneOf(args.options.get('layers') ?? 'chain', '--layers', ['chain', 'all'] as const);
    if (!layers.ok) return layers;
    const compress = oneOf(args.options.get('compress') ?? 'deflate', '--compress', ['deflate', 'none'] as const);
    if (!compress.ok) return compress;
    const holes = optionalWholeNumber(args.options.get('holes'), '--holes', MIN_TABLEBASE_HOLES, MAX_TABLEBASE_HOLES, MAX_TABLEBASE_HOLES);
    if (!holes.ok) return holes;
    const seeds = optionalWholeNumber(args.options.get('seeds'), '--seeds', 0, MAX_TABLEBASE_SEEDS, DEFAULT_TABLEBASE_SEEDS);
    if (!seeds.ok) return seeds;
    const cacheMb = optionalWholeNumber(args.options.get('cache-mb'), '--cache-mb', 0, 4096, DEFAULT_CACHE_MB);
    if (!cacheMb.ok) return cacheMb;
    const threads = optionalWholeNumber(
      args.options.get('threads'),
      '--threads',
      1,
      MAX_THREADS,
      Math.min(availableParallelism(), MAX_THREADS),
    );
    if (!threads.ok) return threads;
    const build = {
      cacheMb: cacheMb.value,
      variant: variant.value,
      holesPerRow: holes.value,
      maxSeeds: seeds.value,
      fixedSide: rule.value === 'fixed',
      layers: layers.value,
    };
    const named = { ...build, layers: layersOf(build.layers, build.maxSeeds) };
    const destination = tablebaseDestination(args.options.get('out') ?? DEFAULT_TABLEBASE_DIR, named, '--out');
    if (!destination.ok) return destination;
    const checkpointFile = checkpointPath(destination.value);
    let resume: Checkpoint | undefined;
    const from = args.options.get('from');
    if (from !== undefined) {
      if (args.options.has('resume'))
        return badOption('resume', '--resume and --from cannot be combined: a checkpoint says where to go on from');
      const base = await readTablebaseFile(from);
      if (!base.ok) return base;
      const started = checkpointFrom(base.value, named);
      if (!started.ok) return started;
      resume = started.value;
      output.err(`starting from ${from}: layers ${resume.finished.join(', ')} finished`);
    } else if (args.options.has('resume')) {
      const read = readCheckpoint(checkpointFile);
      if (!read.ok) return read;
      resume = read.value;
      output.err(
        resume
          ? `resuming from ${checkpointFile}: ${resume.finished.length} layers finished` +
              (resume.current ? `, layer ${resume.current.seeds} after ${resume.current.passes} passes` : '')
          : `no checkpoint at ${checkpointFile}: building from the start`,
      );
    }
    const started = performance.now();
    let shown = -1;
    let checkpointError: HoyitoError | undefined;
    const onProgress = (progress: BuildProgress) => {
      const layerDone = progress.changed === 0;
      const kind = layerDone && progress.seeds === build.maxSeeds ? 'last' : layerDone ? 'step' : 'update';
      if (kind === 'update' && progress.elapsedMs - shown < 100) return; // the bar is redrawn at most every 100 ms
      shown = progress.elapsedMs;
      output.progress?.(progressLine(progress, build.maxSeeds), kind);
    };
    // Beside the file by default: a folder the build can write to, on a disk with room for the file.
    const spill = args.options.get('spill') ?? dirname(destination.value);
    let spillDir: string | undefined;
    if (spill !== 'none') {
      const folder = writableFolder(spill, '--spill');
      if (!folder.ok) return folder;
      spillDir = folder.value;
    }
    const control = {
      ...(resume && { resume }),
      ...(spillDir !== undefined && { spillDir }),
      checkpointEveryMs: CHECKPOINT_EVERY_MS,
      views: true, // the file is written at once, from the core's memory
      onCheckpoint: (header: Uint8Array, pieces: readonly Uint8Array[]) => {
        const written = writeCheckpoint(checkpointFile, header, pieces);
        if (!written.ok) checkpointError ??= written.error;
      },
    };
    const base = await attempt(async () =>
      threads.value === 1 && spillDir === undefined
        ? buildWasmTablebase(await loadWasmCore(), build, onProgress, control)
        : (await buildTablebaseThreads(threads.value, build, onProgress, control)).base,
    );
    if (!base.ok) return base;
    if (checkpointError) return err(checkpointError);
    const written = await writeTablebase(destination.value, base.value, compress.value === 'deflate');
    if (!written.ok) return written;
    removeCheckpoint(checkpointFile);
    const which = build.layers === 'chain' ? `the chain of layers ${base.value.layers.join(', ')}` : `layers 0..${build.maxSeeds}`;
    const on = threads.value === 1 ? 'one thread' : `${threads.value} threads`;
    return ok([`built ${which} in ${((performance.now() - started) / 1000).toFixed(2)} s on ${on}`, `wrote ${written.value}`]);
  },
};
