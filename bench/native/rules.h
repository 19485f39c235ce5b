/*
 * The Hoyito rules in plain C, shared by the native yardsticks (perft.c, tablebase.c): the same
 * rules as assembly/rules.ts (copy-make records, lap by lap, the 1,000-lap endless rule, capture of
 * exactly 4 with Hoyito II's backward chain, the last four given out), written plainly: no
 * SIMD, no trace of the laps.
 *
 * A record is the core's packed position (assembly/board.ts): the seeds of each hole in sowing
 * order (South 1..n, then North 1..n; unused bytes stay 0), the seeds taken by each side, the side
 * to move (0 South, 1 North). Call configure() before playing.
 */
#ifndef HOYITO_RULES_H
#define HOYITO_RULES_H

#include <stdint.h>
#include <string.h>

enum { MAX_LAPS = 1000, MAX_HOLES_PER_ROW = 12 };
/* What a move did (play returns one of these). */
enum { TURN_PASSES, EXTRA_TURN, GAME_OVER, ENDLESS, EMPTY };

typedef struct {
  uint8_t seeds[2 * MAX_HOLES_PER_ROW];
  uint16_t taken[2];
  uint8_t side;
} Record;

/* The loaded game: holes per row, holes on the board, Hoyito II's chain capture, and who receives
 * the last four (0 the capturer, 1 South, 2 North: position.h's LAST_FOUR_*). */
static int holes, size, chain, last_four_to;
/* The seeds the last move gave out as the last four (0 when it did not end the game). */
static int last_four_seeds;

static inline void configure(int holes_per_row, int chain_capture) {
  holes = holes_per_row;
  size = 2 * holes_per_row;
  chain = chain_capture;
}

static inline int board_seeds(const Record *r) {
  int sum = 0;
  for (int i = 0; i < size; i++) sum += r->seeds[i];
  return sum;
}

/* Sows all seeds of `from` one by one into the following holes; returns where the last fell. */
static inline int sow_lap(Record *r, int from) {
  int seeds = r->seeds[from], at = from;
  r->seeds[from] = 0;
  while (seeds-- > 0) {
    if (++at == size) at = 0;
    r->seeds[at]++;
  }
  return at;
}

/* Empties the casa at `end` and, in Hoyito II, the chain of 4s before it; returns the seeds taken. */
static inline int capture(Record *r, int end) {
  r->seeds[end] = 0;
  int count = 1;
  if (chain)
    for (int i = end == 0 ? size - 1 : end - 1; r->seeds[i] == 4; i = i == 0 ? size - 1 : i - 1, count++) r->seeds[i] = 0;
  return 4 * count;
}

/*
 * Plays board index `start` of `from` into `to` (left unspecified for ENDLESS and EMPTY). With
 * `legal_only` (a leaf of perft, which counts a move and plays nothing after it) it stops once the
 * move is known to be legal: its relay has ended, in an empty hole (TURN_PASSES) or a casa
 * (EXTRA_TURN, for any capture), and `to` is left unspecified.
 */
static inline int play_move(const Record *from, Record *to, int start, int legal_only) {
  if (from->seeds[start] == 0) return EMPTY;
  *to = *from;
  last_four_seeds = 0;
  int at = start;
  for (int lap = 0; lap < MAX_LAPS; lap++) {
    at = sow_lap(to, at);
    if (to->seeds[at] == 1) {
      if (!legal_only) to->side ^= 1;
      return TURN_PASSES;
    }
    if (to->seeds[at] == 4) {
      if (legal_only) return EXTRA_TURN;
      to->taken[to->side] += capture(to, at);
      int left = board_seeds(to);
      if (left > 4) return EXTRA_TURN;
      /* The game ends: the seeds left go to the capturer, or to the side the match names. */
      to->taken[last_four_to == 0 ? to->side : last_four_to - 1] += left;
      last_four_seeds = left;
      memset(to->seeds, 0, sizeof to->seeds);
      return GAME_OVER;
    }
  }
  return ENDLESS;
}

static inline int play(const Record *from, Record *to, int start) { return play_move(from, to, start, 0); }

/* A pass: the same board, the other side to move. */
static inline void play_pass(const Record *from, Record *to) {
  *to = *from;
  to->side ^= 1;
}

#endif
