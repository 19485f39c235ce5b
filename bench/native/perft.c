/*
 * A plain C perft of the Hoyito rules, the yardstick for the WASM core's speed
 * (same algorithm: copy-make records, lap by lap, 1,000-lap endless rule; the rules are in rules.h).
 * Build and run: cc -O3 -o build/perft-native bench/native/perft.c && build/perft-native ii 6 9
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rules.h"

enum { MAX_PLY = 64 };

static uint64_t perft(Record *stack, int depth) {
  if (depth == 0) return 1;
  Record *r = stack, *child = stack + 1;
  int first = r->side ? holes : 0, any = 0;
  uint64_t nodes = 0;
  for (int i = first; i < first + holes; i++) {
    int result = play(r, child, i);
    if (result == EMPTY || result == ENDLESS) continue;
    any = 1;
    if (depth == 1) nodes++;
    else if (result != GAME_OVER) nodes += perft(child, depth - 1);
  }
  if (any || board_seeds(r) == 0) return nodes;
  if (depth == 1) return 1;
  play_pass(r, child);
  return perft(child, depth - 1);
}

int main(int argc, char **argv) {
  if (argc != 4) { fprintf(stderr, "usage: perft-native ii|iii holes depth\n"); return 2; }
  configure(atoi(argv[2]), strcmp(argv[1], "ii") == 0);
  int depth = atoi(argv[3]);
  static Record stack[MAX_PLY + 1];
  memset(stack, 0, sizeof stack);
  for (int i = 0; i < size; i++) stack[0].seeds[i] = 4;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  uint64_t nodes = perft(stack, depth);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double seconds = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
  printf("%s 2x%d depth %d: %llu nodes in %.3f s, %.2f M nodes/s\n", argv[1], holes, depth,
         (unsigned long long)nodes, seconds, nodes / seconds / 1e6);
  return 0;
}
