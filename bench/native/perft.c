/*
 * A plain C perft of the Hoyito rules, the yardstick for the WASM core's speed
 * (same algorithm: copy-make records, lap by lap, 1,000-lap endless rule).
 * Build and run: cc -O3 -o build/perft-native bench/native/perft.c && build/perft-native ii 6 9
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MAX_LAPS = 1000, MAX_PLY = 64 };
enum { TURN_PASSES, EXTRA_TURN, GAME_OVER, ENDLESS, EMPTY };

typedef struct { uint8_t seeds[24]; int side; } Record;

static int holes, size, chain;

static int board_seeds(const Record *r) {
  int sum = 0;
  for (int i = 0; i < size; i++) sum += r->seeds[i];
  return sum;
}

static int sow_lap(Record *r, int from) {
  int seeds = r->seeds[from], at = from;
  r->seeds[from] = 0;
  while (seeds-- > 0) {
    if (++at == size) at = 0;
    r->seeds[at]++;
  }
  return at;
}

static int play(const Record *from, Record *to, int start) {
  if (from->seeds[start] == 0) return EMPTY;
  *to = *from;
  int at = start;
  for (int lap = 0; lap < MAX_LAPS; lap++) {
    at = sow_lap(to, at);
    if (to->seeds[at] == 1) { to->side ^= 1; return TURN_PASSES; }
    if (to->seeds[at] == 4) {
      to->seeds[at] = 0;
      if (chain)
        for (int i = at == 0 ? size - 1 : at - 1; to->seeds[i] == 4; i = i == 0 ? size - 1 : i - 1) to->seeds[i] = 0;
      if (board_seeds(to) > 4) return EXTRA_TURN;
      memset(to->seeds, 0, sizeof to->seeds);
      return GAME_OVER;
    }
  }
  return ENDLESS;
}

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
  *child = *r;
  child->side ^= 1;
  return perft(child, depth - 1);
}

int main(int argc, char **argv) {
  if (argc != 4) { fprintf(stderr, "usage: perft-native ii|iii holes depth\n"); return 2; }
  chain = strcmp(argv[1], "ii") == 0;
  holes = atoi(argv[2]);
  size = 2 * holes;
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
