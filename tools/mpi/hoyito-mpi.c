/*
 * hoyito-mpi: one MPI rank of a partitioned database build (host/engines/wasm/tablebase-parts.ts).
 *
 *   mpirun -np 4 build/hoyito-mpi node bin/hoyito.js tablebase build --parts mpi ...
 *
 * Each rank starts the command as its child, with HOYITO_MPI="rank size" in its environment and two
 * pipes: the child writes its collective operations to fd 4 and reads their answers from fd 3
 * (host/engines/wasm/tablebase-mpi.ts). The rank carries each operation out over MPI, so the build
 * itself needs no binding: the exchange of the parts is MPI's, one rank a part. Operations, little
 * endian:
 *
 *   1 exchange  u64 bytes to each rank (size of them)
 *               answer: u64 bytes from each rank, u64 R, the rounds the bytes go in, and u64 B,
 *               the most bytes a round moves to or from a rank
 *               then R times: the next B bytes (or what is left) for rank 0, 1, ...;
 *               answer: the next B bytes (or what is left) from rank 0, 1, ...
 *   2 sum       f64; answer: the sum over every rank (MPI_Allreduce)
 *
 * An exchange goes in rounds of at most B bytes to and from each rank, every rank taking part
 * in as many as the largest message needs: a rank holds one round of messages, not all of them
 * (the first replies of a 32-seed layer are gigabytes a rank).
 *
 * The child's end (its pipe closed) ends the rank: MPI_Finalize when it exited with 0, else
 * MPI_Abort with its code, so that no other rank waits for it forever.
 */
#include <errno.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { OP_EXCHANGE = 1, OP_SUM = 2 };
/* The most bytes an exchange moves to or from a rank in one round (MPI's counts are ints); fewer
 * with HOYITO_MPI_ROUND_BYTES (for tests: many rounds). */
static uint64_t ROUND = (uint64_t)1 << 25;

static int rank, size;
static int from_child, to_child;
static pid_t child;

static void fail(const char *what) {
  fprintf(stderr, "hoyito-mpi rank %d: %s: %s\n", rank, what, strerror(errno));
  MPI_Abort(MPI_COMM_WORLD, 1);
}

/* Reads exactly `bytes` from the child; false at its end before the first byte. */
static int read_all(void *buffer, uint64_t bytes) {
  uint64_t done = 0;
  while (done < bytes) {
    ssize_t got = read(from_child, (char *)buffer + done, bytes - done);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) fail("reading from the build");
    if (got == 0) {
      if (done == 0) return 0;
      errno = EPIPE;
      fail("the build stopped in the middle of an operation");
    }
    done += (uint64_t)got;
  }
  return 1;
}

static void write_all(const void *buffer, uint64_t bytes) {
  uint64_t done = 0;
  while (done < bytes) {
    ssize_t put = write(to_child, (const char *)buffer + done, bytes - done);
    if (put < 0 && errno == EINTR) continue;
    if (put < 0) fail("writing to the build");
    done += (uint64_t)put;
  }
}

static void *allocate(uint64_t bytes) {
  void *memory = malloc(bytes > 0 ? bytes : 1);
  if (memory == NULL) fail("allocating an exchange's buffer");
  return memory;
}

/* The part of `total` bytes that round `round` moves. */
static uint64_t round_bytes(uint64_t total, uint64_t round) {
  uint64_t at = round * ROUND;
  return at >= total ? 0 : (total - at < ROUND ? total - at : ROUND);
}

/* Every rank's bytes to every other, in rounds (see the top), each round's messages posted at once. */
static void exchange(void) {
  uint64_t *out_bytes = allocate(size * sizeof(uint64_t));
  uint64_t *in_bytes = allocate((size + 2) * sizeof(uint64_t));
  read_all(out_bytes, size * sizeof(uint64_t));
  out_bytes[rank] = 0;
  MPI_Alltoall(out_bytes, 1, MPI_UINT64_T, in_bytes, 1, MPI_UINT64_T, MPI_COMM_WORLD);
  uint64_t largest = 0;
  for (int q = 0; q < size; q++) {
    if (out_bytes[q] > largest) largest = out_bytes[q];
    if (in_bytes[q] > largest) largest = in_bytes[q];
  }
  uint64_t own_rounds = (largest + ROUND - 1) / ROUND, rounds;
  MPI_Allreduce(&own_rounds, &rounds, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
  in_bytes[size] = rounds;
  in_bytes[size + 1] = ROUND;
  write_all(in_bytes, (size + 2) * sizeof(uint64_t));
  char **out = allocate(size * sizeof(char *));
  char **in = allocate(size * sizeof(char *));
  for (int q = 0; q < size; q++) {
    out[q] = allocate(round_bytes(out_bytes[q], 0));
    in[q] = allocate(round_bytes(in_bytes[q], 0));
  }
  MPI_Request *requests = allocate(2 * size * sizeof(MPI_Request));
  for (uint64_t round = 0; round < rounds; round++) {
    int posted = 0;
    for (int q = 0; q < size; q++) {
      int count = (int)round_bytes(in_bytes[q], round);
      if (count > 0) MPI_Irecv(in[q], count, MPI_BYTE, q, 0, MPI_COMM_WORLD, &requests[posted++]);
    }
    for (int q = 0; q < size; q++) {
      int count = (int)round_bytes(out_bytes[q], round);
      read_all(out[q], (uint64_t)count);
      if (count > 0) MPI_Isend(out[q], count, MPI_BYTE, q, 0, MPI_COMM_WORLD, &requests[posted++]);
    }
    MPI_Waitall(posted, requests, MPI_STATUSES_IGNORE);
    for (int q = 0; q < size; q++) write_all(in[q], round_bytes(in_bytes[q], round));
  }
  for (int q = 0; q < size; q++) {
    free(in[q]);
    free(out[q]);
  }
  free(requests);
  free(in);
  free(out);
  free(in_bytes);
  free(out_bytes);
}

static void sum(void) {
  double value, total;
  read_all(&value, sizeof value);
  MPI_Allreduce(&value, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  write_all(&total, sizeof total);
}

/* Starts the command with the pipes at fds 3 (answers) and 4 (operations). */
static void start_child(char **command) {
  int answers[2], operations[2];
  if (pipe(answers) != 0 || pipe(operations) != 0) fail("making pipes");
  child = fork();
  if (child < 0) fail("starting the build");
  if (child == 0) {
    char environment[64];
    snprintf(environment, sizeof environment, "%d %d", rank, size);
    setenv("HOYITO_MPI", environment, 1);
    if (dup2(answers[0], 3) < 0 || dup2(operations[1], 4) < 0) _exit(127);
    if (answers[0] != 3) close(answers[0]);
    if (operations[1] != 4) close(operations[1]);
    close(answers[1]);
    close(operations[0]);
    execvp(command[0], command);
    fprintf(stderr, "hoyito-mpi: cannot run %s: %s\n", command[0], strerror(errno));
    _exit(127);
  }
  close(answers[0]);
  close(operations[1]);
  to_child = answers[1];
  from_child = operations[0];
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: mpirun -np N hoyito-mpi COMMAND [ARGUMENTS...]\n");
    return 2;
  }
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const char *round = getenv("HOYITO_MPI_ROUND_BYTES");
  if (round != NULL && strtoull(round, NULL, 10) > 0 && strtoull(round, NULL, 10) <= ROUND) ROUND = strtoull(round, NULL, 10);
  start_child(argv + 1);
  uint32_t op;
  while (read_all(&op, sizeof op)) {
    if (op == OP_EXCHANGE) exchange();
    else if (op == OP_SUM) sum();
    else {
      errno = EPROTO;
      fail("an unknown operation from the build");
    }
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (code != 0) {
    fprintf(stderr, "hoyito-mpi rank %d: the build ended with code %d\n", rank, code);
    MPI_Abort(MPI_COMM_WORLD, code);
  }
  MPI_Finalize();
  return 0;
}
