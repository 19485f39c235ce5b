/*
 * A plain C perft of the Hoyito rules, the scalar yardstick for the WASM core's speed
 * (same algorithm: copy-make records, lap by lap, 1,000-lap endless rule; the rules are in rules.h).
 * perft-avx2.c is the same perft with SIMD. Build both with `npm run build:native` (make -C bench/native).
 *
 *   build/native/perft-scalar "ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0" 11
 *   build/native/perft-scalar ii 6 11          (the same: a start position)
 *
 * Prints the time and speed, then the count alone on the last line, as `hoyito perft` does.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "position.h"
#include "rules.h"

enum { MAX_PLY = 64 };

static uint64_t perft(Record *stack, int depth) {
  if (depth == 0) return 1;
  Record *r = stack, *child = stack + 1;
  int first = r->side ? holes : 0, any = 0;
  uint64_t nodes = 0;
  if (depth == 1) { /* the leaves: each legal move counts, and is played only as far as its legality */
    for (int i = first; i < first + holes; i++) {
      int result = play_move(r, child, i, 1);
      if (result != EMPTY && result != ENDLESS) nodes++;
    }
    any = nodes > 0;
  } else {
    for (int i = first; i < first + holes; i++) {
      int result = play(r, child, i);
      if (result == EMPTY || result == ENDLESS) continue;
      any = 1;
      if (result != GAME_OVER) nodes += perft(child, depth - 1);
    }
  }
  if (any || board_seeds(r) == 0) return nodes;
  if (depth == 1) return 1;
  play_pass(r, child);
  return perft(child, depth - 1);
}

int main(int argc, char **argv) {
  Position p;
  int depth = perft_args(argc, argv, "perft-scalar", &p);
  if (depth < 0) return 2;
  configure(p.holes, p.chain);
  last_four_to = p.last_four;
  static Record stack[MAX_PLY + 1];
  memset(stack, 0, sizeof stack);
  memcpy(stack[0].seeds, p.seeds, sizeof stack[0].seeds);
  stack[0].taken[0] = (uint16_t)p.taken[0];
  stack[0].taken[1] = (uint16_t)p.taken[1];
  stack[0].side = (uint8_t)p.side;
  double started = now_seconds();
  uint64_t nodes = perft(stack, depth);
  print_perft("scalar C", now_seconds() - started, nodes);
  return 0;
}
