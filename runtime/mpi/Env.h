//===- mpi/Env.h - MPI start-up, shut-down and fatal errors ----*- C++ -*-===//
//
// The runtime initialises MPI on first use (any constructor or call below),
// so a rewritten program needs no MPI code of its own; it may call
// hpf::init(&argc, &argv) at the start of main to pass the arguments on.
// MPI_Finalize runs at exit when the runtime initialised MPI.
//
// Errors never hang and never return: hpf::fail prints one line naming the
// rank, the operation and the directive's source location, then calls
// MPI_Abort, so every rank ends with a non-zero exit. The runtime
// communicates over its own duplicate of MPI_COMM_WORLD (mpi/Comm.h); it
// and MPI_COMM_WORLD get MPI_ERRORS_RETURN, and every MPI call of the
// runtime goes through hpf::rt::check, which turns an error code into such
// a message.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_ENV_H
#define HPF_MPI_ENV_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace hpf {

/// Global indices, local indices and element counts (= hpf::plan::Index).
using index_t = std::int64_t;

/// Initialises MPI if nobody has yet (idempotent, cheap after the first
/// call). Arguments may be null.
void init(int *argc = nullptr, char ***argv = nullptr);
/// Finalises MPI now if the runtime initialised it (optional: it also runs
/// at exit). Releases cached plans and MPI datatypes first.
void finalize();

/// This process's rank in MPI_COMM_WORLD and the world size.
int rank();
int nranks();
/// True on rank 0 (the rank that prints for replicated code).
bool is_root();
/// HPF's NUMBER_OF_PROCESSORS() (what `number_of_processors()` in a
/// directive becomes) and this process's number, 0-based; user code reaches
/// them through hpf.h, which is 1 and 0 in the sequential build.
inline int number_of_processors() { return nranks(); }
inline int my_processor() { return rank(); }

/// Ends the program on every rank: prints
///   "hpfrt: error: rank R: <operation> [at <where>]: <message>"
/// to stderr and calls MPI_Abort(MPI_COMM_WORLD, 1). `where` is the
/// directive's source location ("file.cpp:12:3") that generated code passes
/// to the runtime; null or empty leaves it out.
[[noreturn]] void fail(std::string_view operation, std::string_view message,
                       const char *where = nullptr);

namespace rt {
/// Turns an MPI return code into hpf::fail naming the MPI function.
void check(int Code, const char *MpiFunction, std::string_view Operation,
           const char *Where);
/// Environment variable value or null (read once per call; cheap).
const char *env(const char *Name);
/// HPF_VERIFY=1 (read once).
bool verifyEnabled();
/// Runs Fn in hpf::finalize, while MPI is alive (the last registered
/// first), e.g. to free the runtime's MPI objects. Parts of the runtime
/// register themselves on first use, so the environment depends on none.
void atFinalize(void (*Fn)());
/// "N elements of S bytes": how allocation failures name what did not fit.
std::string elementsOfBytes(index_t N, std::size_t ElementBytes);
/// Gives this rank its standard output and error back if a quiet_others
/// (mpi/ReplicatedIo.h) took them, for good: fail calls it before it
/// prints, so that a rank's last words are never silenced.
void speakAgain();
} // namespace rt

} // namespace hpf

#endif // HPF_MPI_ENV_H
