/*
 * The tuned native yardstick: the perft of perft.c (the same algorithm as the WASM core: copy-make
 * records, every hole played lap by lap, the 1,000-lap endless rule, passes as moves), with SIMD:
 *
 *  - an AVX2 record: the core's 32-byte packed position (assembly/board.ts) is one __m256i, so a
 *    copy is one load and one store, and a lap one vector add on the whole record;
 *  - precomputed lap masks: `lap_delta[seeds][from]` is what a lap of `seeds` seeds from `from`
 *    adds to each byte (the origin loses its seeds, every hole gains the rounds, the holes of the
 *    rest one more, the seeds taken and the side nothing), so a lap is b + lap_delta[seeds][from];
 *  - the landing count from the pre-lap board: the hole where the last seed falls holds its count
 *    before the lap plus one (plus the rounds; just the rounds when a lap ends on its origin), read
 *    from the board before the lap while the lap's add is still in flight, not after it;
 *  - Hoyito II's backward chain of 4s from one compare and a count of leading ones, not a walk.
 *
 * Build: `npm run build:native` (make -C bench/native: gcc -O3 -march=native).
 *   build/native/perft-avx2 "ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0" 11
 * Prints the time and speed, then the count alone on the last line, as `hoyito perft` does.
 */
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "position.h"

enum { MAX_LAPS = 1000, MAX_PLY = 64, BOARD = 24, TAKEN_OFFSET = 24, SIDE_OFFSET = 28 };
enum { TURN_PASSES, EXTRA_TURN, GAME_OVER, ENDLESS, EMPTY };

/* The core's packed position: seeds 0..23, u16 taken by South at 24 and North at 26, side at 28. */
typedef union {
  __m256i v;
  uint8_t b[32];
  uint16_t h[16];
} Record;

static int holes, size, chain, last_four_to;
/* [seeds][from]: what a lap of `seeds` seeds from board index `from` adds to each byte of the record
 * (the origin loses its seeds, every hole gains the rounds, the rest one more; 0 past the board). */
static __m256i lap_delta[256][BOARD];
static uint8_t lap_land[256][BOARD]; /* [seeds][from]: where the last seed falls */
static int lap_landing[256];         /* [seeds]: the landing hole's count after = its count before + this */
static __m256i board_lanes;          /* all ones on the board's holes */
static __m256i side_bit;             /* 1 in the side-to-move byte */
static __m256i keep[BOARD];          /* all ones but one hole's lane */

static void configure(const Position *p) {
  holes = p->holes;
  size = 2 * holes;
  chain = p->chain;
  last_four_to = p->last_four;
  uint8_t lanes[32];
  for (int seeds = 0; seeds < 256; seeds++) {
    int rounds = seeds / size, rest = seeds % size;
    /* A lap that ends on its origin (rest 0) leaves it `rounds`: its count before was `seeds`. */
    lap_landing[seeds] = rest ? rounds + 1 : rounds - seeds;
    for (int from = 0; from < size; from++) {
      memset(lanes, 0, sizeof lanes);
      for (int i = 0; i < size; i++) lanes[i] = (uint8_t)rounds;
      for (int k = 1; k <= rest; k++) lanes[(from + k) % size]++;
      lanes[from] = (uint8_t)(lanes[from] - seeds);
      memcpy(&lap_delta[seeds][from], lanes, 32);
      lap_land[seeds][from] = (uint8_t)((from + rest) % size);
    }
  }
  for (int hole = 0; hole < size; hole++) {
    memset(lanes, 0xff, sizeof lanes);
    lanes[hole] = 0;
    memcpy(&keep[hole], lanes, 32);
  }
  memset(lanes, 0, sizeof lanes);
  for (int i = 0; i < size; i++) lanes[i] = 0xff;
  memcpy(&board_lanes, lanes, 32);
  memset(lanes, 0, sizeof lanes);
  lanes[SIDE_OFFSET] = 1;
  memcpy(&side_bit, lanes, 32);
}

/* The seeds on the board's holes of `b` (the other lanes masked off). */
static inline int board_seeds(__m256i b) {
  __m256i sums = _mm256_sad_epu8(_mm256_and_si256(b, board_lanes), _mm256_setzero_si256());
  __m128i half = _mm_add_epi64(_mm256_castsi256_si128(sums), _mm256_extracti128_si256(sums, 1));
  return _mm_cvtsi128_si32(_mm_add_epi64(half, _mm_unpackhi_epi64(half, half)));
}

/* A byte mask of the board holes whose bits are set in `bits` (bit i: hole i). */
static inline __m256i holes_of_bits(uint32_t bits) {
  const __m256i spread = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2,
                                          3, 3, 3, 3, 3, 3, 3, 3);
  const __m256i select = _mm256_set1_epi64x((long long)0x8040201008040201ULL);
  __m256i x = _mm256_shuffle_epi8(_mm256_set1_epi32((int)bits), spread);
  return _mm256_cmpeq_epi8(_mm256_and_si256(x, select), select);
}

/*
 * Empties the casa at `end` of `b` and, in Hoyito II, the unbroken chain of 4s before it
 * (circularly); returns the number of holes taken.
 */
static inline int capture(__m256i *b, int end) {
  if (!chain) {
    *b = _mm256_and_si256(*b, keep[end]);
    return 1;
  }
  uint64_t fours = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(*b, _mm256_set1_epi8(4)));
  fours &= (1ULL << size) - 1;
  uint64_t doubled = fours | (fours << size); /* hole i at bits i and i + size: the wrap made straight */
  /* The run of 4s from bit end + size down (end itself holds 4): leading ones once shifted to the top. */
  uint64_t shifted = ~doubled << (63 - (end + size));
  int count = shifted ? __builtin_clzll(shifted) : 64;
  if (count > size) count = size;
  uint64_t run = ((1ULL << count) - 1) << (end + size + 1 - count);
  uint32_t taken = (uint32_t)((run | (run >> size)) & ((1ULL << size) - 1));
  *b = _mm256_andnot_si256(holes_of_bits(taken), *b);
  return count;
}

/*
 * Plays board index `start` of `from` into `to` (left unspecified for ENDLESS and EMPTY). With
 * `legal_only` (a leaf of perft, which counts a move and plays nothing after it) it stops once the
 * move is known to be legal: its relay has ended, in an empty hole (TURN_PASSES) or a casa
 * (EXTRA_TURN, for any capture), and `to` is left unspecified.
 */
static inline int play(const Record *from, Record *to, int start, int legal_only) {
  int seeds = from->b[start];
  if (seeds == 0) return EMPTY;
  /* The record is kept in a register and stored after every lap: a lap reads its landing hole's
   * count from the board before it (`from` for the first lap, then the lap before's in `to`), not
   * from the board its own addition makes. */
  __m256i b = from->v;
  int at = start;
  for (int lap = 0; lap < MAX_LAPS; lap++) {
    int land, landing;
    if (seeds < size) { /* most laps: no round, and the landing hole had at least one seed less */
      land = at + seeds;
      if (land >= size) land -= size;
      landing = (lap ? to->b[land] : from->b[land]) + 1;
    } else {
      land = lap_land[seeds][at];
      landing = (lap ? to->b[land] : from->b[land]) + lap_landing[seeds];
    }
    b = _mm256_add_epi8(b, lap_delta[seeds][at]);
    to->v = b;
    at = land;
    if (landing == 1) {
      if (!legal_only) to->v = _mm256_xor_si256(b, side_bit);
      return TURN_PASSES;
    }
    if (landing == 4) {
      if (legal_only) return EXTRA_TURN;
      int mover = from->b[SIDE_OFFSET];
      int count = capture(&b, at);
      int left = board_seeds(b);
      to->v = b;
      to->h[TAKEN_OFFSET / 2 + mover] += (uint16_t)(4 * count);
      if (left > 4) return EXTRA_TURN;
      /* The game ends: the seeds left go to the capturer, or to the side the match names. */
      int receiver = last_four_to == LAST_FOUR_CAPTURER ? mover : (last_four_to == LAST_FOUR_NORTH ? 1 : 0);
      to->h[TAKEN_OFFSET / 2 + receiver] += (uint16_t)left;
      to->v = _mm256_andnot_si256(board_lanes, to->v);
      return GAME_OVER;
    }
    seeds = landing;
  }
  return ENDLESS;
}

static uint64_t perft(Record *r, int depth) {
  if (depth == 0) return 1;
  Record *child = r + 1;
  int first = r->b[SIDE_OFFSET] ? holes : 0, any = 0;
  uint64_t nodes = 0;
  if (depth == 1) { /* the leaves: each legal move counts, and is played only as far as its legality */
    for (int i = first; i < first + holes; i++) {
      int result = play(r, child, i, 1);
      if (result != EMPTY && result != ENDLESS) nodes++;
    }
    any = nodes > 0;
  } else {
    for (int i = first; i < first + holes; i++) {
      int result = play(r, child, i, 0);
      if (result == EMPTY || result == ENDLESS) continue;
      any = 1;
      if (result != GAME_OVER) nodes += perft(child, depth - 1);
    }
  }
  if (any || board_seeds(r->v) == 0) return nodes;
  /* No legal move on a board that still holds seeds: the pass is the one move. */
  if (depth == 1) return 1;
  child->v = _mm256_xor_si256(r->v, side_bit);
  return perft(child, depth - 1);
}

int main(int argc, char **argv) {
  Position p;
  int depth = perft_args(argc, argv, "perft-avx2", &p);
  if (depth < 0) return 2;
  configure(&p);
  static Record stack[MAX_PLY + 1];
  memset(stack, 0, sizeof stack);
  memcpy(stack[0].b, p.seeds, BOARD);
  stack[0].h[TAKEN_OFFSET / 2] = (uint16_t)p.taken[0];
  stack[0].h[TAKEN_OFFSET / 2 + 1] = (uint16_t)p.taken[1];
  stack[0].b[SIDE_OFFSET] = (uint8_t)p.side;
  double started = now_seconds();
  uint64_t nodes = perft(stack, depth);
  print_perft("AVX2 C", now_seconds() - started, nodes);
  return 0;
}
