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
 *   1 exchange  u64 bytes to each rank (size of them), then the bytes for rank 0, 1, ...
 *               answer: u64 bytes from each rank, then the bytes from rank 0, 1, ...
 *   2 sum       f64; answer: the sum over every rank (MPI_Allreduce)
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
/* The most bytes of one MPI message: counts are ints. */
#define CHUNK ((uint64_t)1 << 30)

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

/* Every rank's bytes to every other, in messages of at most CHUNK bytes, all posted at once. */
static void exchange(void) {
  uint64_t *out_bytes = allocate(size * sizeof(uint64_t));
  uint64_t *in_bytes = allocate(size * sizeof(uint64_t));
  read_all(out_bytes, size * sizeof(uint64_t));
  out_bytes[rank] = 0;
  MPI_Alltoall(out_bytes, 1, MPI_UINT64_T, in_bytes, 1, MPI_UINT64_T, MPI_COMM_WORLD);
  char **out = allocate(size * sizeof(char *));
  char **in = allocate(size * sizeof(char *));
  uint64_t messages = 0;
  for (int q = 0; q < size; q++) {
    out[q] = allocate(out_bytes[q]);
    read_all(out[q], out_bytes[q]);
    in[q] = allocate(in_bytes[q]);
    messages += (out_bytes[q] + CHUNK - 1) / CHUNK + (in_bytes[q] + CHUNK - 1) / CHUNK;
  }
  MPI_Request *requests = allocate(messages * sizeof(MPI_Request));
  int posted = 0;
  for (int q = 0; q < size; q++) {
    for (uint64_t at = 0; at < in_bytes[q]; at += CHUNK) {
      int count = (int)(in_bytes[q] - at < CHUNK ? in_bytes[q] - at : CHUNK);
      MPI_Irecv(in[q] + at, count, MPI_BYTE, q, (int)(at / CHUNK), MPI_COMM_WORLD, &requests[posted++]);
    }
    for (uint64_t at = 0; at < out_bytes[q]; at += CHUNK) {
      int count = (int)(out_bytes[q] - at < CHUNK ? out_bytes[q] - at : CHUNK);
      MPI_Isend(out[q] + at, count, MPI_BYTE, q, (int)(at / CHUNK), MPI_COMM_WORLD, &requests[posted++]);
    }
  }
  MPI_Waitall(posted, requests, MPI_STATUSES_IGNORE);
  write_all(in_bytes, size * sizeof(uint64_t));
  for (int q = 0; q < size; q++) {
    write_all(in[q], in_bytes[q]);
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
