/* test/cluster/epshim.c - preloaded into the ranks of the emulated cluster
 * (emu.sh run). Two workarounds, both measured on the emulated cluster:
 *
 * 1. UCX's tcp transport polls epoll_wait(.., timeout 0) in a tight loop;
 *    with 8 ranks on 2 cores the spinning ranks steal the CPU from the ones
 *    with work. After EPSHIM_SPIN (100) empty polls in a row a poll blocks
 *    for up to EPSHIM_MS (1) ms: the rank sleeps until a socket event.
 * 2. MPI_Finalize of MPICH ch4:ucx over UCX_TLS=tcp,self hangs in about half
 *    of all runs (endpoints closing while a peer waits in the PMI barrier).
 *    With EPSHIM_FINALIZE=exit a rank instead barriers, flushes stdio, waits
 *    EPSHIM_EXIT_MS (200) for sockets to drain and _exits with status 0.
 *    With EPSHIM_EXIT_DIR set, every rank, after the barrier and the flush,
 *    creates the file DIR/RANK: proof, for emu.sh run, that each rank
 *    reached the end with the others and wrote its output, when Hydra's
 *    teardown then fails (a proxy's `assert (!closed)`, a broken pipe, or
 *    a rank hung up in its final sleep: 3 and 1 of 40 jobs of one example
 *    at 4 x 2 in two series, measured).
 *
 * Build: mpicc.mpich -O2 -shared -fPIC -o epshim.so epshim.c -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <unistd.h>

static int (*real_epoll_wait)(int, struct epoll_event *, int, int);
static int spin = 100, block_ms = 1;
static __thread int empty;

int epoll_wait(int epfd, struct epoll_event *ev, int max, int timeout) {
  if (!real_epoll_wait) {
    real_epoll_wait = (int (*)(int, struct epoll_event *, int, int))dlsym(
        RTLD_NEXT, "epoll_wait");
    const char *s = getenv("EPSHIM_SPIN"), *m = getenv("EPSHIM_MS");
    spin = s ? atoi(s) : 100;
    block_ms = m ? atoi(m) : 1;
  }
  if (timeout != 0 || spin < 0)
    return real_epoll_wait(epfd, ev, max, timeout);
  int n = real_epoll_wait(epfd, ev, max, 0);
  if (n != 0) {
    empty = 0;
    return n;
  }
  if (++empty < spin)
    return 0;
  n = real_epoll_wait(epfd, ev, max, block_ms);
  if (n != 0)
    empty = 0;
  return n;
}

int MPI_Finalize(void) {
  const char *mode = getenv("EPSHIM_FINALIZE");
  if (!mode || mode[0] != 'e')
    return PMPI_Finalize();
  const char *ms = getenv("EPSHIM_EXIT_MS");
  int rc = PMPI_Barrier(MPI_COMM_WORLD);
  fflush(stdout);
  fflush(stderr);
  const char *dir = getenv("EPSHIM_EXIT_DIR");
  if (dir && rc == MPI_SUCCESS) {
    int rank = -1;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char path[4096];
    snprintf(path, sizeof path, "%s/%d", dir, rank);
    FILE *f = fopen(path, "w");
    if (f)
      fclose(f);
  }
  usleep((ms ? atoi(ms) : 200) * 1000);
  _exit(0);
}
