/**
 * The partitioned build on MPI: `mpirun -np 3 build/hoyito-mpi node bin/hoyito.js tablebase build
 * --parts mpi` (tools/mpi/hoyito-mpi.c, host/engines/wasm/tablebase-mpi.ts), one part a rank,
 * writes the file of a build on one thread. Skipped where OpenMPI is not installed (CI installs
 * it: openmpi-bin, libopenmpi-dev).
 */
import { execFile, execFileSync, execSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { temporaryFolder } from './helpers/temporary-folder.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const hasMpi = (() => {
  try {
    execFileSync('mpicc', ['--showme:version'], { stdio: 'pipe' });
    execFileSync('mpirun', ['--version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
})();

/** mpirun with `ranks` ranks on this machine, whatever its cores, as root too (CI's containers), exchanges in rounds of `roundBytes` at most. */
const mpirun = (ranks: number, roundBytes: number, ...command: string[]) =>
  promisify(execFile)('mpirun', ['--oversubscribe', '-np', String(ranks), 'build/hoyito-mpi', ...command], {
    cwd: root,
    env: {
      ...process.env,
      OMPI_ALLOW_RUN_AS_ROOT: '1',
      OMPI_ALLOW_RUN_AS_ROOT_CONFIRM: '1',
      HOYITO_MPI_ROUND_BYTES: String(roundBytes),
    },
  });

describe.skipIf(!hasMpi)('a build in parts on MPI', () => {
  beforeAll(() => {
    execSync('npm run --silent build:mpi', { cwd: root, stdio: 'pipe' });
    if (!existsSync(join(root, 'lib/tools/cli/main.js'))) execSync('npm run build:lib', { cwd: root, stdio: 'pipe' });
  }, 120_000);

  it('mpirun -np 3: the file of one thread, written by rank 0, each rank reporting its part and rate; exchanges in rounds of 4 kB the same', async () => {
    const whole = temporaryFolder('hoyito-whole-');
    const ranks = temporaryFolder('hoyito-mpi-');
    const name = 'ii-2x6-capturer-chain-12.hoyitotb';
    const node = (...argv: string[]) => promisify(execFile)(process.execPath, ['bin/hoyito.js', ...argv], { cwd: root });
    await node('tablebase', 'build', '--seeds', '12', '--threads', '1', '--out', whole);
    const inRanks = (roundBytes: number) =>
      mpirun(3, roundBytes, process.execPath, 'bin/hoyito.js', 'tablebase', 'build', '--seeds', '12', '--parts', 'mpi', '--out', ranks);
    // Rounds of 4 kB: the requests of layer 12 (56 kB a part from each other), its first replies, its ranges to part 0 (450 kB) in many.
    await inRanks(4096);
    expect(readFileSync(join(ranks, name))).toEqual(readFileSync(join(whole, name)));
    const { stdout } = await inRanks(2 ** 25);
    const lines = stdout.trim().split('\n');
    expect(lines).toContainEqual(expect.stringMatching(/^built the chain of layers 0, 4, 8, 12 in [\d.]+ s on 3 parts \(MPI ranks\)$/));
    for (const part of [1, 2, 3]) {
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^part ${part} of 3: [\\d,]+ board visits, [\\d.]+ MB sent in \\d+ exchanges, a core of \\d+ MB, [\\d.]+ s of CPU: [\\d,]+ boards a CPU-second, peak [\\d.]+ GB$`,
          ),
        ),
      );
    }
    expect(readFileSync(join(ranks, name))).toEqual(readFileSync(join(whole, name)));
    expect(readdirSync(ranks)).toEqual([name]);
  });

  it('a rank whose build fails ends the whole job with its code, naming what failed', async () => {
    const failed = mpirun(2, 2 ** 25, process.execPath, 'bin/hoyito.js', 'tablebase', 'build', '--seeds', '99', '--parts', 'mpi');
    await expect(failed).rejects.toMatchObject({
      stderr: expect.stringMatching(/--seeds '99'[\s\S]*hoyito-mpi rank \d: the build ended with code 1/),
    });
  });
});
