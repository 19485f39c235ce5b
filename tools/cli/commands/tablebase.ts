/**
 * `hoyito tablebase build`: endgame databases of a 2xn board (2x6 by default, the largest they are
 * built for), into a file (docs/endgames.md); `verify FILE`: a file's layers against the published
 * hashes; `upgrade FILE`: a file of any format (one before 4 read only here), checked against them, written again in the current one;
 * `check FILE`: boards drawn from each layer, their values against their moves (tools/tablebase-check.ts), for a file no hashes vouch for.
 */
import { type HoyitoError, type Result, err, ok } from '../../../host/types.js';
import { MAX_TABLEBASE_HOLES, MAX_TABLEBASE_SEEDS, MIN_TABLEBASE_HOLES } from '../../../host/engines/limits.js';
import { type Checkpoint, type LayerPieces, checkpointFrom, finishedLayersIn } from '../../../host/engines/tablebase-checkpoint.js';
import { type Tablebase, layersOf } from '../../../host/engines/tablebase.js';
import { type BuildProgress, DEFAULT_CACHE_MB, SPILL_COMPRESSIONS, buildWasmTablebase } from '../../../host/engines/wasm/tablebase.js';
import { loadWasmCore } from '../../../host/engines/wasm/core.js';
import { buildTablebaseThreads } from '../../../host/engines/wasm/tablebase-threads.js';
import { type PartExchange, type PartStats, buildTablebasePart, buildTablebaseParts } from '../../../host/engines/wasm/tablebase-parts.js';
import { mpiExchange } from '../../../host/engines/wasm/tablebase-mpi.js';
import { MAX_THREADS } from '../../../host/engines/wasm/threads.js';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import {
  DEFAULT_TABLEBASE_DIR,
  DEFAULT_TABLEBASE_SEEDS,
  type TablebaseFileAt,
  badTablebase,
  checkpointPath,
  createTablebaseFile,
  lockBuild,
  openLayerPieces,
  readCheckpoint,
  readTablebaseFile,
  removeCheckpoint,
  tablebaseDestination,
  writeCheckpoint,
  writeTablebase,
} from '../../tablebase-files.js';
import { badOption, oneOf, optionalWholeNumber, quote, writableFolder } from '../../options.js';
import { type LayerCheck, checkLayerHashes, differingLayers } from '../../tablebase-hashes.js';
import { type SampledLayer, checkSampledValues } from '../../tablebase-check.js';
import { openTablebaseFile } from '../../../host/service.js';
import { seededRandom } from '../../../host/random.js';
import { TABLEBASE_FORMAT_VERSION } from '../../../host/engines/tablebase-file.js';
import { type Command, attempt } from '../command.js';
import { progressLine } from '../render.js';

/** A checkpoint is written after every layer, and after a pass once this long has passed since the last one. */
const CHECKPOINT_EVERY_MS = 60_000;
/** The most parts of a build in one process (each a core of its own, up to 4 GB of memory). */
const MAX_PARTS = 64;

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
  const written = writeTablebase(path, verified.value.base);
  if (!written.ok) return written;
  return ok([...verified.value.checks.map(checkLine), `wrote ${path} in format version ${TABLEBASE_FORMAT_VERSION}`]);
};

/** Boards `check` draws from each layer and table by default, and at most. */
const DEFAULT_SAMPLES = 1000;
const MAX_SAMPLES = 10_000_000;
/** The seed of `check`'s draws: the same boards every time, so that a difference found can be found again. */
const CHECK_SEED = 0x686f7969;

/** A layer's line of `check`. */
const sampledLine = ({ seeds, rule, drawn, wrong }: SampledLayer): string =>
  `layer ${seeds} (table ${rule}): ${drawn.toLocaleString('en-US')} boards drawn, ` +
  (wrong.length === 0 ? 'every value as its moves give' : `${wrong.length} WRONG`);

/**
 * `check FILE`: boards drawn from every layer and table of FILE (read block by block), each value
 * against what its moves give by the reference rules (tools/tablebase-check.ts); an error names
 * the layers and the first boards that differ.
 */
const check = async (path: string, samplesText: string | undefined): Promise<Result<string[], HoyitoError>> => {
  const samples = optionalWholeNumber(samplesText, '--samples', 1, MAX_SAMPLES, DEFAULT_SAMPLES);
  if (!samples.ok) return samples;
  const file = await openTablebaseFile(path);
  if (!file.ok) return file; // its error names the file
  const checks = await checkSampledValues(file.value, samples.value, seededRandom(CHECK_SEED)).finally(() => file.value.source.close());
  if (!checks.ok) return badTablebase(path, checks.error.message);
  const lines = checks.value.map(sampledLine);
  const wrong = checks.value.flatMap(({ wrong }) => wrong);
  if (wrong.length === 0) return ok([...lines, `${path}: every board drawn has the value its moves give`]);
  const shown = wrong.slice(0, 5).map(({ position, held, fromMoves }) => `"${position}" holds ${held}, its moves give ${fromMoves}`);
  return badTablebase(path, [`${wrong.length} boards drawn do not have the value their moves give`, ...lines, ...shown].join('\n'));
};

/** `--parts`: absent or 1, no parts; N, N parts in this process; mpi, this process's rank of an MPI job (tablebase-mpi.ts). */
const partsOf = (given: string | undefined): Result<{ count: number; exchange: PartExchange | null } | null, HoyitoError> => {
  if (given === 'mpi') {
    let exchange: PartExchange | null;
    try {
      exchange = mpiExchange();
    } catch (error) {
      return err(error as HoyitoError);
    }
    if (!exchange) {
      return badOption(
        'parts',
        '--parts mpi builds one part as a rank of an MPI job: mpirun -np N build/hoyito-mpi node bin/hoyito.js tablebase build --parts mpi ... (npm run build:mpi makes build/hoyito-mpi)',
      );
    }
    return ok({ count: exchange.parts, exchange });
  }
  const count = optionalWholeNumber(given, '--parts', 1, MAX_PARTS, 1);
  if (!count.ok) return count;
  return ok(count.value === 1 ? null : { count: count.value, exchange: null });
};

/** What part `part` of `count` did; with its CPU time, rate and peak memory when it is a process of its own. */
const partLine = (
  {
    sentBytes,
    exchanges,
    boardVisits,
    spilledBytes,
    layersCoreBytes,
    passesCoreBytes,
    layersLetGo,
    layersFreed,
    keptExits,
    keptExitsRefused,
    keptExitsNotWritten,
  }: PartStats,
  part: number,
  count: number,
  ownProcess: boolean,
): string => {
  const { userCPUTime, systemCPUTime, maxRSS } = process.resourceUsage();
  const cpuSeconds = (userCPUTime + systemCPUTime) / 1e6;
  const rate = ownProcess
    ? `, ${cpuSeconds.toFixed(1)} s of CPU: ${Math.round(boardVisits / cpuSeconds).toLocaleString('en-US')} boards a CPU-second, peak ${(maxRSS / 2 ** 20).toFixed(2)} GB`
    : '';
  const spilled = spilledBytes > 0 ? `, ${(spilledBytes / 2 ** 20).toFixed(1)} MB spilled at most` : '';
  const megabytes = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  const cores =
    passesCoreBytes > 0
      ? `, cores of ${megabytes(layersCoreBytes)} (the layers below${layersLetGo ? `, let go once its exits were found${layersFreed === false ? ' but still held' : ''}` : ''}) and ${megabytes(passesCoreBytes)} (the deepest layer's passes)`
      : `, a core of ${megabytes(layersCoreBytes)}`;
  const kept =
    (keptExitsRefused === undefined ? '' : `, its kept exits not taken (${keptExitsRefused})`) +
    (keptExits === 'taken' ? ', its exits those kept' : keptExits === 'written' ? ', its exits kept for a resume' : '') +
    (keptExitsNotWritten === undefined ? '' : `, its exits not kept (${keptExitsNotWritten})`);
  return `part ${part + 1} of ${count}: ${boardVisits.toLocaleString('en-US')} board visits, ${(sentBytes / 2 ** 20).toFixed(1)} MB sent in ${exchanges} exchanges${spilled}${kept}${cores}${rate}`;
};

export const tablebase: Command = {
  usage: `build [--variant ii|iii] [--holes ${MIN_TABLEBASE_HOLES}-${MAX_TABLEBASE_HOLES}] [--seeds 0-${MAX_TABLEBASE_SEEDS}] [--layers chain|all] [--rule capturer|fixed] [--compress deflate|none] [--cache-mb MB] [--spill DIR|none] [--spill-compress deflate|none] [--threads 1-${MAX_THREADS}] [--parts 1-${MAX_PARTS}|mpi [--exits-at-once N]] [--out DIR] [--resume | --from FILE] | verify FILE | upgrade FILE | check FILE [--samples N]`,
  summary:
    `build the endgame databases of 2x--holes (default 2x${MAX_TABLEBASE_HOLES}) up to --seeds seeds on the board (default ${DEFAULT_TABLEBASE_SEEDS}) into DIR (default ${DEFAULT_TABLEBASE_DIR}/): ` +
    'the chain of layers a game reaches (K, K-4, ..., K mod 4) or all layers 0..K; --cache-mb bounds the memory for quiet moves kept between passes ' +
    `(default ${DEFAULT_CACHE_MB}); --spill writes the quiet moves of layers larger than the cache to files in DIR (default the --out folder; removed at the end) and reads them back in every pass, instead of playing them again; --spill-compress deflate keeps them deflated there (less disk, more CPU: docs/endgames.md; default none); --threads share the passes (default the machine's cores); --parts splits every layer into parts, a core of its own memory each (4 GB at most), that trade values between passes: in this process, or with mpi one part a rank of an MPI job (mpirun -np N build/hoyito-mpi node bin/hoyito.js tablebase build --parts mpi ..., docs/endgames.md); --exits-at-once N lets at most N parts find the deepest layer's exits at once, the others waiting (each holds the layers below meanwhile: for parts that share a machine's memory); --resume goes on from the checkpoint beside the file; --from starts from the layers of a database file of the same game built to fewer seeds (the chain of 24 for the chain of 28). ` +
    'verify FILE: the SHA-256 of each layer of FILE against the published ones (docs/endgames.md), naming any layer that differs; ' +
    `upgrade FILE: a file of an older format (or block size), checked against them, written again in version ${TABLEBASE_FORMAT_VERSION} in its place; ` +
    `check FILE: --samples boards (default ${DEFAULT_SAMPLES}) drawn from each layer of FILE, read block by block, each value against what its moves give by the reference rules and FILE's values of the boards they lead to, for a file no hashes are published for`,
  arity: { min: 1, max: 2 },
  options: [
    'variant',
    'holes',
    'seeds',
    'layers',
    'rule',
    'compress',
    'cache-mb',
    'spill',
    'spill-compress',
    'threads',
    'parts',
    'exits-at-once',
    'out',
    'from',
    'samples',
  ],
  flags: ['resume'],
  run: async (args, output) => {
    const [action, file] = args.positional;
    if (action === 'verify' || action === 'upgrade' || action === 'check') {
      if (file === undefined) return badOption('arguments', `tablebase ${action} needs a FILE`);
      if (action === 'check') return check(file, args.options.get('samples'));
      return action === 'verify' ? verify(file) : upgrade(file);
    }
    if (action !== 'build')
      return badOption('arguments', `tablebase ${quote(action!)}: the actions are build, verify FILE, upgrade FILE and check FILE`);
    if (file !== undefined) return badOption('arguments', `tablebase build takes no FILE (${quote(file)}): --out names where it writes`);
    const variant = oneOf(args.options.get('variant') ?? 'ii', '--variant', ['ii', 'iii'] as const);
    if (!variant.ok) return variant;
    const rule = oneOf(args.options.get('rule') ?? 'capturer', '--rule', ['capturer', 'fixed'] as const);
    if (!rule.ok) return rule;
    const layers = oneOf(args.options.get('layers') ?? 'chain', '--layers', ['chain', 'all'] as const);
    if (!layers.ok) return layers;
    const compress = oneOf(args.options.get('compress') ?? 'deflate', '--compress', ['deflate', 'none'] as const);
    if (!compress.ok) return compress;
    const spillCompression = oneOf(args.options.get('spill-compress') ?? 'none', '--spill-compress', SPILL_COMPRESSIONS);
    if (!spillCompression.ok) return spillCompression;
    if (spillCompression.value !== 'none' && args.options.get('spill') === 'none')
      return badOption('spill-compress', `--spill-compress ${spillCompression.value} keeps spilled children: not with --spill none`);
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
    const parts = partsOf(args.options.get('parts'));
    if (!parts.ok) return parts;
    const exitsAtOnce = optionalWholeNumber(args.options.get('exits-at-once'), '--exits-at-once', 1, MAX_PARTS, undefined);
    if (!exitsAtOnce.ok) return exitsAtOnce;
    if (exitsAtOnce.value !== undefined && !parts.value)
      return badOption('exits-at-once', '--exits-at-once takes turns between the parts of a build: with --parts');
    // A part's checkpoint is its own: one file a part, beside the database's.
    const checkpointFile = (part: number): string =>
      parts.value ? `${checkpointPath(destination.value)}.part-${part + 1}-of-${parts.value.count}` : checkpointPath(destination.value);
    const ownParts = parts.value?.exchange ? [parts.value.exchange.part] : Array.from({ length: parts.value?.count ?? 1 }, (_, i) => i);
    const speaks = (parts.value?.exchange?.part ?? 0) === 0; // under MPI, rank 0 alone reports and writes the file
    // One build writes a file at a time: a second into the same folder would share its .partial and checkpoint.
    const locked = speaks ? lockBuild(destination.value) : ok(() => undefined);
    if (!locked.ok) return locked;
    try {
      const resumes: (Checkpoint | undefined)[] = [];
      // A database file of finished layers, read a block at a time as the build takes them: the `--from` file, or the one a part's checkpoint names.
      let layersFrom: (LayerPieces & { close(): void }) | undefined;
      const from = args.options.get('from');
      if (from !== undefined) {
        if (args.options.has('resume'))
          return badOption('resume', '--resume and --from cannot be combined: a checkpoint says where to go on from');
        const base = openLayerPieces(from);
        if (!base.ok) return base;
        layersFrom = base.value;
        for (const part of ownParts) {
          const started = checkpointFrom(base.value, named);
          if (!started.ok) return started;
          resumes[part] = started.value;
        }
        if (speaks) output.err(`starting from ${from}: layers ${resumes[ownParts[0]!]!.finished.join(', ')} finished`);
      } else if (args.options.has('resume')) {
        // A build that finished left its file and no checkpoint: nothing to go on with, and its work is kept.
        if (speaks && existsSync(destination.value) && !ownParts.some(part => existsSync(checkpointFile(part))))
          return ok([`${destination.value}: built already, no checkpoint to resume from (remove the file to build it again)`]);
        for (const part of ownParts) {
          const read = readCheckpoint(checkpointFile(part));
          if (!read.ok) return read;
          const resume = read.value;
          if (resume?.finishedIn) {
            if (!layersFrom) {
              const opened = openLayerPieces(resume.finishedIn.path);
              if (!opened.ok)
                return badTablebase(
                  checkpointFile(part),
                  `names a file of its finished layers that cannot be read: ${opened.error.message}`,
                );
              layersFrom = opened.value;
            }
            const fits = finishedLayersIn(resume, layersFrom);
            if (!fits.ok) return fits;
          }
          resumes[part] = resume;
          if (speaks || parts.value?.exchange)
            output.err(
              resume
                ? `resuming from ${checkpointFile(part)}: ${resume.finished.length} layers finished` +
                    (resume.finishedIn ? ` (in ${resume.finishedIn.path})` : '') +
                    (resume.current ? `, layer ${resume.current.seeds} after ${resume.current.passes} passes` : '')
                : `no checkpoint at ${checkpointFile(part)}: building from the start`,
            );
        }
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
      // A partitioned build's file is written by part 0 as the parts finish (its deepest layer a part's range at a time: whole in no memory).
      let partsFile: TablebaseFileAt | null = null;
      if (parts.value && speaks) {
        const created = createTablebaseFile(destination.value, named, compress.value === 'deflate');
        if (!created.ok) return created;
        partsFile = created.value;
      }
      const controlOf = (part: number) => {
        const resume = resumes[part];
        return {
          ...(resume && { resume }),
          ...(part === 0 && partsFile && { layersTo: partsFile.writer }),
          ...(layersFrom && { layersFrom }),
          ...(exitsAtOnce.value !== undefined && { exitsAtOnce: exitsAtOnce.value }),
          ...(spillDir !== undefined && { spillDir, spillCompression: spillCompression.value }),
          // A part keeps its deepest layer's exits beside its checkpoint, for a resume.
          ...(parts.value && spillDir !== undefined && { keepExits: `${checkpointFile(part)}.exits` }),
          checkpointEveryMs: CHECKPOINT_EVERY_MS,
          views: true, // the file is written at once, from the core's memory
          onCheckpoint: (header: Uint8Array, pieces: readonly Uint8Array[]) => {
            const written = writeCheckpoint(checkpointFile(part), header, pieces);
            if (!written.ok) checkpointError ??= written.error;
          },
        };
      };
      let stats: PartStats[] = [];
      const built = await attempt(async () => {
        if (parts.value?.exchange) {
          const { exchange } = parts.value;
          const part = await buildTablebasePart(exchange, build, speaks ? onProgress : undefined, controlOf(exchange.part));
          stats = [part.stats];
          return part.base;
        }
        if (parts.value) {
          const partsBuilt = await buildTablebaseParts(parts.value.count, build, onProgress, controlOf);
          stats = partsBuilt.stats;
          return partsBuilt.base;
        }
        return threads.value === 1 && spillDir === undefined
          ? buildWasmTablebase(await loadWasmCore(), build, onProgress, controlOf(0))
          : (await buildTablebaseThreads(threads.value, build, onProgress, controlOf(0))).base;
      })
        .catch((error: unknown) => {
          partsFile?.discard();
          throw error;
        })
        .finally(() => layersFrom?.close());
      if (!built.ok || checkpointError) partsFile?.discard();
      if (!built.ok) return built;
      if (checkpointError) return err(checkpointError);
      const partLines = stats.map((part, i) => partLine(part, ownParts[i]!, parts.value!.count, parts.value?.exchange !== null));
      if (!speaks) {
        removeCheckpoint(checkpointFile(ownParts[0]!));
        return ok(partLines);
      }
      const written = partsFile ? partsFile.finish() : writeTablebase(destination.value, built.value!, compress.value === 'deflate');
      if (!written.ok) return written;
      for (const part of ownParts) removeCheckpoint(checkpointFile(part));
      const which = build.layers === 'chain' ? `the chain of layers ${named.layers.join(', ')}` : `layers 0..${build.maxSeeds}`;
      const on = parts.value
        ? `${parts.value.count} parts${parts.value.exchange ? ' (MPI ranks)' : ''}`
        : threads.value === 1
          ? 'one thread'
          : `${threads.value} threads`;
      return ok([
        `built ${which} in ${((performance.now() - started) / 1000).toFixed(2)} s on ${on}`,
        ...partLines,
        `wrote ${written.value}`,
      ]);
    } finally {
      locked.value();
    }
  },
};
