/*
 * Reads a position string (RULES.md, Notation) for the native yardsticks, e.g.
 * "ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0" or "iii 0,3,1/2,0,5 N 12-20 S": the variant, South's holes
 * 1..n, North's holes 1..n, the side to move, the seeds taken, and the optional last-four rule.
 * Checks what the yardsticks rely on (2..12 holes a row, rows of equal length, at most 255 seeds),
 * not every message of the library's parser: the bench compares counts, the library names errors.
 * Also the command line and the output both perft yardsticks share (perft_args, print_perft).
 */
#ifndef HOYITO_POSITION_H
#define HOYITO_POSITION_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Who receives the last four seeds (assembly/board.ts: LAST_FOUR_*). */
enum { LAST_FOUR_CAPTURER, LAST_FOUR_SOUTH, LAST_FOUR_NORTH };

typedef struct {
  int chain;               /* 1 for Hoyito II (the backward chain of 4s), 0 for Hoyito III */
  int holes;               /* holes per row */
  uint8_t seeds[24];       /* sowing order: South 1..n, then North 1..n; the rest 0 */
  int taken[2];            /* seeds taken by South, North */
  int side;                /* 0 South, 1 North */
  int last_four;           /* LAST_FOUR_* */
} Position;

/* Reads one row of comma-separated counts into seeds[0..]; returns how many, or -1. */
static int parse_row(const char *text, uint8_t *seeds, int room) {
  int count = 0;
  const char *at = text;
  for (;;) {
    char *end;
    long value = strtol(at, &end, 10);
    if (end == at || value < 0 || value > 255 || count == room) return -1;
    seeds[count++] = (uint8_t)value;
    if (*end == '\0') return count;
    if (*end != ',') return -1;
    at = end + 1;
  }
}

/* Fills `p` from `text`; returns 0, or -1 after printing what is wrong to stderr. */
static int parse_position(const char *text, Position *p) {
  char variant[8], rows[256], side[4], taken[32], last_four[4];
  memset(p, 0, sizeof *p);
  int fields = sscanf(text, "%7s %255s %3s %31s %3s", variant, rows, side, taken, last_four);
  if (fields < 4) { fprintf(stderr, "position: expected <variant> <south>/<north> <side> <taken> [last-four]\n"); return -1; }
  if (strcmp(variant, "ii") == 0) p->chain = 1;
  else if (strcmp(variant, "iii") != 0) { fprintf(stderr, "position: variant must be ii or iii\n"); return -1; }
  char *slash = strchr(rows, '/');
  if (!slash) { fprintf(stderr, "position: rows must be <south>/<north>\n"); return -1; }
  *slash = '\0';
  uint8_t south[24], north[24];
  int n = parse_row(rows, south, 24), m = parse_row(slash + 1, north, 24);
  if (n < 2 || n > 12 || n != m) { fprintf(stderr, "position: rows must have 2 to 12 counts each, equally many\n"); return -1; }
  p->holes = n;
  int total = 0;
  for (int i = 0; i < n; i++) {
    p->seeds[i] = south[i];
    p->seeds[n + i] = north[i];
    total += south[i] + north[i];
  }
  if (total > 255) { fprintf(stderr, "position: more than 255 seeds\n"); return -1; }
  if (strcmp(side, "S") == 0) p->side = 0;
  else if (strcmp(side, "N") == 0) p->side = 1;
  else { fprintf(stderr, "position: side to move must be S or N\n"); return -1; }
  if (sscanf(taken, "%d-%d", &p->taken[0], &p->taken[1]) != 2 || p->taken[0] < 0 || p->taken[1] < 0) {
    fprintf(stderr, "position: seeds taken must be <south>-<north>\n");
    return -1;
  }
  p->last_four = LAST_FOUR_CAPTURER;
  if (fields == 5) {
    if (strcmp(last_four, "S") == 0) p->last_four = LAST_FOUR_SOUTH;
    else if (strcmp(last_four, "N") == 0) p->last_four = LAST_FOUR_NORTH;
    else if (strcmp(last_four, "C") != 0) { fprintf(stderr, "position: last-four must be C, S or N\n"); return -1; }
  }
  return 0;
}

/* The start position of a variant ("ii" or "iii") on 2 x holes: four seeds in every hole. */
static int start_position(const char *variant, int holes, Position *p) {
  char text[128];
  int at = snprintf(text, sizeof text, "%s ", variant);
  for (int row = 0; row < 2; row++)
    for (int i = 0; i < holes; i++) at += snprintf(text + at, sizeof text - at, i ? ",4" : (row ? "/4" : "4"));
  snprintf(text + at, sizeof text - at, " S 0-0");
  return parse_position(text, p);
}

/*
 * The command line both perft yardsticks take: "<position>" <depth>, or the older
 * <variant> <holes> <depth> for a start position. Returns the depth, or -1 after a message.
 */
static int perft_args(int argc, char **argv, const char *program, Position *p) {
  int depth = -1, parsed = -1;
  if (argc == 3) {
    parsed = parse_position(argv[1], p);
    depth = atoi(argv[2]);
  } else if (argc == 4) {
    int holes = atoi(argv[2]);
    if (holes < 2 || holes > 12) { fprintf(stderr, "%s: holes must be 2 to 12\n", program); return -1; }
    parsed = start_position(argv[1], holes, p);
    depth = atoi(argv[3]);
  } else {
    fprintf(stderr, "usage: %s \"<position>\" <depth>  |  %s ii|iii <holes> <depth>\n", program, program);
    return -1;
  }
  if (parsed != 0) return -1;
  if (depth < 0 || depth > 64) { fprintf(stderr, "%s: depth must be 0 to 64\n", program); return -1; }
  return depth;
}

/* Seconds on the monotonic clock. */
static double now_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

/* The timing line, then the count alone on the last line, as `hoyito perft` prints them. */
static void print_perft(const char *label, double seconds, uint64_t nodes) {
  printf("%s, %.3f s, %.2f M moves/s\n", label, seconds, seconds > 0 ? nodes / seconds / 1e6 : 0.0);
  printf("%llu\n", (unsigned long long)nodes);
}

#endif
