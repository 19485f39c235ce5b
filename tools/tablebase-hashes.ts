/**
 * The published content hashes of the endgame databases (docs/endgames.md, docs/solved.md): the
 * SHA-256 of each layer's values, a byte a board as a file's plain layer holds them, so that a
 * hash does not depend on the file's format or compression. `hoyito tablebase verify` checks a
 * file against them, `hoyito tablebase upgrade` a file of an older format before writing it anew.
 */
import { createHash } from 'node:crypto';
import type { TableRule, Tablebase } from '../host/engines/tablebase.js';

/** Per game (`variant 2xholes rule`), per table, per layer (seeds on the board): the layer's SHA-256, in hex. */
export const PUBLISHED_LAYER_HASHES: Readonly<Record<string, Partial<Record<TableRule, Readonly<Record<number, string>>>>>> = {
  'ii 2x6 capturer': {
    C: {
      0: '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      4: '33e5132238a2ffb768728619a3cc51eb883ba9d9104ae391998321d34c44c588',
      8: '3dd29a334ac6efc273463d6c4978a4ff829371d28fef3bb47e6cf0c25dd72c0e',
      12: '86099e4498259cad219df8445178ba95a26ef2154cb197106473e5094cdd3127',
      16: '6591f62b74afa9313e875259cf3dce0bb88003e1635e0efe654d87955e1b2704',
      20: '20ae053c07c3c66ab9756faef3358c8672399176c44457a436c5cb7b4c0a13fa',
      24: '7297a80681bc73c4e97c87e2d57eff23e34e5bbe50c8ef661cd809dcb38e37f1',
      28: 'b9387717b2765de0c1d6778811f338909052ad09b6c30629b181fdbecab23f4b',
    },
  },
  'iii 2x6 capturer': {
    C: {
      0: '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      4: '33e5132238a2ffb768728619a3cc51eb883ba9d9104ae391998321d34c44c588',
      8: '3dd29a334ac6efc273463d6c4978a4ff829371d28fef3bb47e6cf0c25dd72c0e',
      12: '52e5a533f36356d444871c562efa986df80e96ae2476ea7bc9e5bbbc2cda3351',
      16: '6456a1833cbf737a03343aa80bff3abb388b696f65499acb71dd2c8dabc8798d',
      20: '63d6b42199b6fc68b6aaca15cd7d24a7808cdab2fe53ae6c962cb670c82954fa',
      24: 'd3b135fff1b448ef80f6f3316455f1468551c823d9298bd8199a792131696468',
      28: 'b6a4b39bcf2e11a565e33c98c5f710d4493b58b6032c278e7fec4e84938fff5a',
    },
  },
};

/** The key a game's hashes are published under. */
export const hashedGame = (base: Pick<Tablebase, 'variant' | 'holesPerRow' | 'fixedSide'>): string =>
  `${base.variant} 2x${base.holesPerRow} ${base.fixedSide ? 'fixed' : 'capturer'}`;

/** The SHA-256 of a layer's values, in hex. */
export const layerHash = (layer: Int8Array): string =>
  createHash('sha256')
    .update(new Uint8Array(layer.buffer, layer.byteOffset, layer.length))
    .digest('hex');

/** One layer of a database against its published hash (`published` undefined when none is). */
export interface LayerCheck {
  readonly rule: TableRule;
  readonly seeds: number;
  readonly hash: string;
  readonly published: string | undefined;
}

/** Every layer of `base`, table by table, with its hash and the published one. */
export const checkLayerHashes = (base: Tablebase): LayerCheck[] =>
  Object.entries(base.tables).flatMap(([rule, layers]) =>
    base.layers.map(seeds => ({
      rule: rule as TableRule,
      seeds,
      hash: layerHash(layers[seeds]!),
      published: PUBLISHED_LAYER_HASHES[hashedGame(base)]?.[rule as TableRule]?.[seeds],
    })),
  );

/** The layers whose values differ from the published ones. */
export const differingLayers = (checks: readonly LayerCheck[]): LayerCheck[] =>
  checks.filter(check => check.published !== undefined && check.published !== check.hash);
