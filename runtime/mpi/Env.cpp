//===- mpi/Env.cpp - MPI start-up, shut-down and fatal errors -------------===//
//
// Also the runtime's communicator (rt::comm, mpi/Comm.h): it lives and dies
// with the environment.
//
//===----------------------------------------------------------------------===//

#include "mpi/Env.h"

#include "mpi/Comm.h"
#include "mpi/IndependentScope.h"

#include <mpi.h>

#include <malloc.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace hpf {

namespace {
bool WeInitialised = false;
int Rank = -1, Size = 0;
MPI_Comm RuntimeComm = MPI_COMM_NULL;

/// Never destroyed: finalize runs at exit, maybe after static destructors.
std::vector<void (*)()> &finalizers() {
  static auto *F = new std::vector<void (*)()>;
  return *F;
}

/// exit() on one rank inside an independent loop whose iterations are
/// split over the ranks: the others run other iterations and never call
/// it, so MPI_Finalize would wait for them forever. The job ends instead,
/// with the status the program gave exit(). Else (replicated code: every
/// rank exits) MPI is finalised as usual.
void finalizeOnExit(int Status, void *) {
  if (WeInitialised && Size > 1 && rt::splitIterationsDepth() > 0) {
    int Done = 0;
    MPI_Finalized(&Done);
    if (!Done) {
      std::fflush(stdout);
      std::string Line = "hpfrt: error: rank " + std::to_string(Rank) +
                         ": exit(" + std::to_string(Status) + ") inside " +
                         rt::runningLoop() +
                         ", whose iterations run on the other ranks too: "
                         "the job ends with status " +
                         std::to_string(Status) + "\n";
      std::fputs(Line.c_str(), stderr);
      std::fflush(stderr);
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      MPI_Abort(MPI_COMM_WORLD, Status);
    }
  }
  finalize();
}

/// MPICH's MPI_Init builds an hwloc topology of the host, I/O devices
/// included: hwloc reads every PCI device's configuration space, and in a
/// virtual machine each such read traps to the host. The runtime asks
/// nothing of the I/O topology (UCX finds its network devices itself), so
/// unless the user chose hwloc's components, those are left out. Measured
/// on a 2-core Firecracker guest: MPI_Init 19 -> 11 ms alone, 29 -> 17 ms
/// per rank at -n 2 (docs/runtime.md, HWLOC_COMPONENTS).
void skipIoTopology() {
#ifndef HPF_SMPI // SMPI's ranks share one process and its environment
  setenv("HWLOC_COMPONENTS", "-pci,-linuxio,-opencl,-gl", /*overwrite=*/0);
#endif
}

/// glibc returns the free top of the heap to the kernel once it passes a
/// threshold that follows the largest block freed so far (2 MB blocks: a
/// 4 MB threshold). A loop that allocates two such blocks per iteration,
/// as an array reduction of 2 MB does with MPICH's temporary buffer of
/// MPI_Allreduce, then gives the pages back and faults them in again every
/// iteration; in a virtual machine each fault costs microseconds. Measured
/// on a 2-core Firecracker guest, IS class A at -n 2 (examples/npb/is.cpp,
/// a 2 MB histogram reduced per iteration): 20 ms per iteration, 7 of them
/// faulting in the copy of the histogram and most of the allreduce's 8;
/// with the heap kept, 6 ms. So the runtime keeps up to 256 MB of freed
/// heap and serves blocks up to 32 MB (glibc's largest mmap threshold)
/// from it, as MPI libraries with registration caches do. A user who set
/// glibc's own settings (MALLOC_*_ or GLIBC_TUNABLES) keeps them;
/// HPF_KEEP_HEAP=0 leaves glibc's defaults.
void keepFreedHeap() {
  if (const char *Keep = std::getenv("HPF_KEEP_HEAP");
      Keep && std::string(Keep) == "0")
    return;
  for (const char *Name :
       {"GLIBC_TUNABLES", "MALLOC_TRIM_THRESHOLD_", "MALLOC_MMAP_THRESHOLD_",
        "MALLOC_TOP_PAD_", "MALLOC_MMAP_MAX_"})
    if (std::getenv(Name))
      return;
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
}
} // namespace

void init(int *argc, char ***argv) {
  if (Size > 0)
    return;
  int Inited = 0;
  MPI_Initialized(&Inited);
  if (!Inited) {
    skipIoTopology();
    keepFreedHeap();
    int Provided = 0;
    if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &Provided) !=
        MPI_SUCCESS) {
      std::fprintf(stderr, "hpfrt: error: MPI_Init_thread failed\n");
      std::exit(1);
    }
    WeInitialised = true;
    // MPICH's MPI_Init leaves stdout unbuffered, so `cout << "i = " << i`
    // leaves a rank as several writes, and mpiexec interleaves them with
    // other ranks' mid-line. Line buffering keeps every line one write (and
    // shows progress lines when printed, as a terminal does). The buffer is
    // ours: given none, glibc keeps the one-byte buffer of the unbuffered
    // stream (measured: "i", " = ", "0", "\n" as 4 writes).
    static char StdoutBuffer[BUFSIZ];
    std::fflush(stdout);
    std::setvbuf(stdout, StdoutBuffer, _IOLBF, sizeof StdoutBuffer);
#ifndef HPF_SMPI
    on_exit(finalizeOnExit, nullptr); // glibc: the handler gets the status
#else
    // SMPI (tools/smpi/) runs each rank's exit handlers when it unloads
    // the rank's copy of the program, after the simulation: MPI is gone
    // then (a segfault, measured). Programs call hpf::finalize themselves.
    (void)finalizeOnExit;
#endif
  }
  // Errors come back as codes, and rt::check turns them into a message that
  // names the rank and the operation (instead of MPICH's generic abort).
  // On MPI_COMM_WORLD too, though the runtime communicates on its own
  // communicator: MPICH 4.0 reports the errors of calls that name no
  // communicator (datatype constructors, for one) on MPI_COMM_WORLD.
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  // The runtime's communicator (mpi/Comm.h), here: MPI_Comm_dup is
  // collective, and the first use of the runtime is the one point every
  // rank is sure to reach before any of the runtime's communication.
  rt::check(MPI_Comm_dup(MPI_COMM_WORLD, &RuntimeComm), "MPI_Comm_dup",
            "start-up", nullptr);
  MPI_Comm_set_errhandler(RuntimeComm, MPI_ERRORS_RETURN);
  MPI_Comm_rank(RuntimeComm, &Rank);
  MPI_Comm_size(RuntimeComm, &Size);
}

void finalize() {
  if (!WeInitialised)
    return;
  int Done = 0;
  MPI_Finalized(&Done);
  if (Done)
    return;
  // Collective ones too (shared windows): all ranks finalize.
  std::vector<void (*)()> &F = finalizers();
  while (!F.empty()) {
    void (*Fn)() = F.back();
    F.pop_back();
    Fn();
  }
  if (RuntimeComm != MPI_COMM_NULL)
    MPI_Comm_free(&RuntimeComm);
  std::fflush(stdout);
  MPI_Finalize();
}

int rank() {
  init();
  return Rank;
}

int nranks() {
  init();
  return Size;
}

bool is_root() { return rank() == 0; }

void fail(std::string_view Operation, std::string_view Message,
          const char *Where) {
  int Inited = 0, Done = 0;
  MPI_Initialized(&Inited);
  MPI_Finalized(&Done);
  int R = Rank;
  if (Inited && !Done && R < 0)
    MPI_Comm_rank(MPI_COMM_WORLD, &R);
  std::string Line =
      "hpfrt: error: rank " + std::to_string(R) + ": " + std::string(Operation);
  if (Where && *Where)
    Line += std::string(" at ") + Where;
  Line += ": ";
  Line += Message;
  Line += '\n';
  rt::speakAgain(); // inside a quiet_others scope, stderr is /dev/null
  std::fflush(stdout);
  std::fputs(Line.c_str(), stderr);
  std::fflush(stderr);
  if (Inited && !Done) {
    // mpiexec forwards our stderr through a pipe; an abort may tear the job
    // down before the pipe is drained and lose the message. Give it time.
    if (Size > 1)
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  std::_Exit(1);
}

namespace rt {

std::string elementsOfBytes(index_t N, std::size_t ElementBytes) {
  return std::to_string(N) + " elements of " + std::to_string(ElementBytes) +
         " bytes";
}

void check(int Code, const char *MpiFunction, std::string_view Operation,
           const char *Where) {
  if (Code == MPI_SUCCESS)
    return;
  char Text[MPI_MAX_ERROR_STRING];
  int Len = 0;
  if (MPI_Error_string(Code, Text, &Len) != MPI_SUCCESS)
    Len = std::snprintf(Text, sizeof Text, "error code %d", Code);
  fail(Operation,
       std::string(MpiFunction) +
           " failed: " + std::string(Text, std::size_t(Len)),
       Where);
}

const char *env(const char *Name) {
  const char *V = std::getenv(Name);
  return V && *V ? V : nullptr;
}

void atFinalize(void (*Fn)()) { finalizers().push_back(Fn); }

MPI_Comm comm() {
  init();
  return RuntimeComm;
}

bool verifyEnabled() {
  static const bool On = [] {
    const char *V = env("HPF_VERIFY");
    return V && std::string(V) != "0";
  }();
  return On;
}

} // namespace rt

} // namespace hpf
