/*
 * A plain C build of the retrograde endgame databases, the yardstick for the WASM core's build
 * speed: the same algorithm as assembly/tablebase.ts (explained in host/engines/reference/tablebase.ts)
 * over the same rules (rules.h, shared with perft.c).
 *
 * A position is normalised so that the mover owns the first row (South, taken 0-0). Layer k holds
 * every board of k seeds in colex rank order over the bar positions, one signed byte each: the
 * margin of those seeds the mover can force. Each layer is prepared once (every board's moves
 * played: the best capture's value as its exit value, the ranks of its quiet children or its pass
 * in 6 fixed slots), then its values are iterated in place from 0 (Gauss-Seidel passes, boards in
 * rank order, tables in order) until a pass changes nothing. Tables: the capturer table alone, or
 * with --fixed the pair for a fixed last-four side (mover, opponent).
 *
 * Build and run (the layers can be written for a byte-for-byte comparison with the WASM build):
 *   cc -O3 -o build/tablebase-native bench/native/tablebase.c
 *   build/tablebase-native ii 12 [--holes 6] [--fixed] [--out build/tablebase-ii-12.bin]
 * The file holds layers 0..maxSeeds of the capturer table, or of the mover table then the
 * opponent table.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "rules.h"

enum { TABLE_CAPTURER, TABLE_MOVER, TABLE_OPPONENT, TABLES };
/* The deepest layer a build may ask for (as the core). */
enum { MAX_TABLEBASE_SEEDS = 24 };
/* C(n, k) for n < BINOMIAL_ROWS, k < 16. */
enum { BINOMIAL_ROWS = 64 };
/* A board has at most one quiet move a hole, or the one pass. */
enum { CHILD_SLOTS = 6 };
#define NO_CHILD 0xffffffffu
/* The exit value of a board with no move that leaves the layer. */
enum { NO_EXIT = -128 };

static uint32_t binomials[BINOMIAL_ROWS][16];

static void fill_binomials(void) {
  for (int n = 0; n < BINOMIAL_ROWS; n++)
    for (int k = 0; k < 16; k++)
      binomials[n][k] = k == 0 ? 1 : (n == 0 ? 0 : binomials[n - 1][k - 1] + binomials[n - 1][k]);
}

/* Boards of `board_holes` holes with `seeds` seeds. */
static uint32_t layer_size(int board_holes, int seeds) { return binomials[seeds + board_holes - 1][board_holes - 1]; }

/* The build in progress. */
static int fixed_side, built_seeds = -1;
static int8_t *layers[TABLES][MAX_TABLEBASE_SEEDS + 1]; /* NULL: no such table in this build */
/* Per board of the layer being prepared: CHILD_SLOTS ranks of quiet children; two exit values (capturer or mover, opponent). */
static uint32_t *child_ranks;
static int8_t *exit_values;
static uint8_t *region;

/* Makes room for layers 0..max_seeds of the tables of a rule (one region, laid out as the core's). */
static int start_tablebase(int fixed, int max_seeds) {
  if (max_seeds < 0 || max_seeds > MAX_TABLEBASE_SEEDS || holes > CHILD_SLOTS) return 0;
  int tables = fixed ? 2 : 1;
  size_t largest = layer_size(size, max_seeds);
  size_t bytes = largest * (CHILD_SLOTS * 4 + 2) + 64; /* + room to align the child ranks */
  for (int seeds = 0; seeds <= max_seeds; seeds++) bytes += (size_t)layer_size(size, seeds) * tables;
  free(region);
  region = calloc(bytes, 1);
  if (!region) return 0;
  uint8_t *at = region;
  for (int table = 0; table < TABLES; table++) {
    int used = fixed ? table != TABLE_CAPTURER : table == TABLE_CAPTURER;
    for (int seeds = 0; seeds <= MAX_TABLEBASE_SEEDS; seeds++) {
      layers[table][seeds] = used && seeds <= max_seeds ? (int8_t *)at : NULL;
      if (layers[table][seeds]) at += layer_size(size, seeds);
    }
  }
  /* The core leaves the ranks where the layers end (wasm loads need no alignment); C aligns them. */
  at = region + (((size_t)(at - region) + 63) & ~(size_t)63);
  child_ranks = (uint32_t *)at;
  exit_values = (int8_t *)(at + largest * CHILD_SLOTS * 4);
  fixed_side = fixed;
  built_seeds = -1;
  return 1;
}

/* The rank of board `r` read from hole `first` on round the board (0: as it is; holes: rows swapped). */
static inline uint32_t rank_from(const Record *r, int first) {
  uint32_t rank = 0;
  int before = 0, index = first;
  for (int j = 1; j < size; j++) {
    before += r->seeds[index];
    rank += binomials[before + j - 1][j];
    index = index + 1 == size ? 0 : index + 1;
  }
  return rank;
}

/* The board after `r` in rank order. */
static inline void next_board(Record *r) {
  int j = 1, before = r->seeds[0];
  while (r->seeds[j] == 0) {
    before += r->seeds[j];
    j++;
  }
  for (int i = 0; i < j - 1; i++) r->seeds[i] = 0;
  r->seeds[j - 1] = (uint8_t)(before + 1);
  r->seeds[j]--;
}

/* The first board of a layer in rank order: every seed in the last hole. */
static void first_board(Record *r, int seeds) {
  memset(r, 0, sizeof *r);
  r->seeds[size - 1] = (uint8_t)seeds;
}

static inline int other_table(int table) {
  return table == TABLE_CAPTURER ? TABLE_CAPTURER : (table == TABLE_MOVER ? TABLE_OPPONENT : TABLE_MOVER);
}

static inline int max_of(int a, int b) { return a > b ? a : b; }

static Record board, child;

/* Plays every move of `board` (rank `rank` of layer `seeds`): its best exit values and the ranks of its quiet children (rows swapped). */
static void prepare_board(uint32_t rank, int seeds) {
  uint32_t *children = child_ranks + (size_t)rank * CHILD_SLOTS;
  int exit_capturer = NO_EXIT; /* also the mover table's: the last four go to the capturer */
  int exit_opponent = NO_EXIT;
  int count = 0;
  int any_move = seeds == 0; /* an empty board: the game is over, its value 0 (no child, no exit) */
  for (int index = 0; index < holes; index++) {
    int code = play(&board, &child, index);
    if (code == EMPTY || code == ENDLESS) continue;
    any_move = 1;
    if (code == GAME_OVER) {
      int gained = child.taken[0];
      exit_capturer = max_of(exit_capturer, gained);
      exit_opponent = max_of(exit_opponent, gained - 2 * last_four_seeds);
    } else if (code == EXTRA_TURN) {
      int gained = child.taken[0];
      uint32_t rank_after = rank_from(&child, 0);
      int later = seeds - gained;
      exit_capturer = max_of(exit_capturer, gained + layers[fixed_side ? TABLE_MOVER : TABLE_CAPTURER][later][rank_after]);
      if (fixed_side) exit_opponent = max_of(exit_opponent, gained + layers[TABLE_OPPONENT][later][rank_after]);
    } else {
      children[count++] = rank_from(&child, holes);
    }
  }
  /* No legal move on a board that still holds seeds: the pass hands the turn over. */
  if (!any_move) children[count++] = rank_from(&board, holes);
  for (; count < CHILD_SLOTS; count++) children[count] = NO_CHILD;
  exit_values[(size_t)rank * 2] = (int8_t)exit_capturer;
  exit_values[(size_t)rank * 2 + 1] = (int8_t)exit_opponent;
}

/* Prepares layer `seeds` and empties its values: the fixed point is sought from 0. */
static void start_layer(int seeds) {
  if (seeds != built_seeds + 1 || !layers[fixed_side ? TABLE_MOVER : TABLE_CAPTURER][seeds]) abort();
  uint32_t layer = layer_size(size, seeds);
  for (int table = 0; table < TABLES; table++)
    if (layers[table][seeds]) memset(layers[table][seeds], 0, layer);
  first_board(&board, seeds);
  for (uint32_t rank = 0; rank < layer; rank++) {
    prepare_board(rank, seeds);
    if (rank + 1 < layer) next_board(&board);
  }
}

/* The value of board `rank` in `table` from the values so far: the best of its exit and its quiet moves. */
static inline int board_value(int table, uint32_t rank, const int8_t *other) {
  const uint32_t *children = child_ranks + (size_t)rank * CHILD_SLOTS;
  int best = exit_values[(size_t)rank * 2 + (table == TABLE_OPPONENT ? 1 : 0)];
  for (int slot = 0; slot < CHILD_SLOTS; slot++) {
    uint32_t c = children[slot];
    if (c == NO_CHILD) break;
    best = max_of(best, -other[c]);
  }
  return best == NO_EXIT ? 0 : best;
}

/* One pass over layer `seeds` of every table of the build, in place; how many values changed (0: the layer is done). */
static uint32_t layer_pass(int seeds) {
  uint32_t layer_bytes = layer_size(size, seeds), changed = 0;
  for (int table = 0; table < TABLES; table++) {
    int8_t *layer = layers[table][seeds];
    if (!layer) continue;
    const int8_t *other = layers[other_table(table)][seeds];
    for (uint32_t rank = 0; rank < layer_bytes; rank++) {
      int8_t value = (int8_t)board_value(table, rank, other);
      if (layer[rank] != value) {
        layer[rank] = value;
        changed++;
      }
    }
  }
  if (changed == 0) built_seeds = seeds;
  return changed;
}

static double clock_seconds(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static double now(void) { return clock_seconds(CLOCK_MONOTONIC); }

/*
 * The process's peak resident set in kB: VmHWM, the high-water mark of this program's own memory.
 * (getrusage's ru_maxrss, the fallback, also counts the parent's resident set at fork time.)
 */
static long peak_rss_kb(void) {
  long kb = -1;
  char line[256];
  FILE *status = fopen("/proc/self/status", "r");
  if (status) {
    while (kb < 0 && fgets(line, sizeof line, status))
      if (sscanf(line, "VmHWM: %ld kB", &kb) != 1) kb = -1;
    fclose(status);
  }
  if (kb < 0) {
    struct rusage usage_now;
    getrusage(RUSAGE_SELF, &usage_now);
    kb = usage_now.ru_maxrss;
  }
  return kb;
}

static int usage(void) {
  fprintf(stderr, "usage: tablebase-native ii|iii maxSeeds [--holes 2..6] [--fixed] [--out FILE]\n");
  return 2;
}

int main(int argc, char **argv) {
  if (argc < 3 || (strcmp(argv[1], "ii") != 0 && strcmp(argv[1], "iii") != 0)) return usage();
  int max_seeds = atoi(argv[2]), holes_per_row = 6, fixed = 0;
  const char *out = NULL;
  for (int i = 3; i < argc; i++) {
    if (strcmp(argv[i], "--fixed") == 0) fixed = 1;
    else if (strcmp(argv[i], "--holes") == 0 && i + 1 < argc) holes_per_row = atoi(argv[++i]);
    else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc) out = argv[++i];
    else return usage();
  }
  if (holes_per_row < 2 || holes_per_row > CHILD_SLOTS || max_seeds < 0 || max_seeds > MAX_TABLEBASE_SEEDS) return usage();
  configure(holes_per_row, strcmp(argv[1], "ii") == 0);
  fill_binomials();

  double start = now(), cpu_start = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
  if (!start_tablebase(fixed, max_seeds)) { fprintf(stderr, "tablebase-native: out of memory\n"); return 1; }
  for (int seeds = 0; seeds <= max_seeds; seeds++) {
    double t0 = now();
    start_layer(seeds);
    double t1 = now();
    int passes = 1;
    uint32_t changed = layer_pass(seeds);
    double t2 = now();
    for (; changed != 0; passes++) changed = layer_pass(seeds);
    printf("layer %d: %u boards, %d passes, prepare %.4f s, first pass %.4f s, other passes %.4f s\n", seeds,
           layer_size(size, seeds), passes, t1 - t0, t2 - t1, now() - t2);
  }
  double seconds = now() - start, cpu_seconds = clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
  printf("%s 2x%d seeds 0..%d%s: built in %.3f s (CPU %.3f s), peak RSS %ld kB\n", argv[1], holes, max_seeds,
         fixed ? " fixed side" : "", seconds, cpu_seconds, peak_rss_kb());

  if (out) {
    FILE *file = fopen(out, "wb");
    if (!file) { perror(out); return 1; }
    for (int table = 0; table < TABLES; table++)
      for (int seeds = 0; seeds <= max_seeds; seeds++)
        if (layers[table][seeds] && fwrite(layers[table][seeds], 1, layer_size(size, seeds), file) != layer_size(size, seeds)) {
          perror(out);
          return 1;
        }
    if (fclose(file) != 0) { perror(out); return 1; }
  }
  return 0;
}
