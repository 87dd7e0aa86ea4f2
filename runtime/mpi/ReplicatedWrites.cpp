//===- mpi/ReplicatedWrites.cpp - delivering a loop's replicated stores ---===//

#include "mpi/ReplicatedWrites.h"

#include "mpi/Comm.h"

#include <mpi.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

namespace hpf {

namespace {
constexpr const char *Operation = "independent loop";
/// The changes travel as runs of consecutive changed elements: the run's
/// first flat index and its length (8 bytes each), then its values. A
/// rank that writes a block of the array (NAS MG's restriction onto a
/// replicated level: each rank its planes) sends its values and a few
/// headers, not an index per element.
constexpr std::size_t HeaderBytes = 2 * sizeof(std::uint64_t);
} // namespace

replicated_writes::replicated_writes(void *D, std::size_t N, std::size_t B,
                                     std::vector<index_t> E, const char *Nm,
                                     const char *W)
    : Data(static_cast<unsigned char *>(D)), Count(N), Bytes(B),
      Extents(std::move(E)), Name(Nm), Where(W) {
  init();
  // One rank changes nothing another rank must see.
  if (nranks() > 1)
    Before.assign(Data, Data + Count * Bytes);
}

std::string replicated_writes::element(std::size_t I) const {
  std::string Out = std::string("'") + Name + "'";
  std::vector<index_t> Sub(Extents.size());
  for (std::size_t D = Extents.size(); D-- > 0;) {
    const auto X = static_cast<std::size_t>(Extents[D]);
    Sub[D] = X ? index_t(I % X) : 0;
    I = X ? I / X : 0;
  }
  for (index_t S : Sub)
    Out += "[" + std::to_string(S) + "]";
  return Out;
}

void replicated_writes::deliver() {
  if (Before.empty())
    return;
  // The rank's changes: blocks of elements compared at once, then the
  // elements of a block that differs, gathered into runs.
  constexpr std::size_t Block = 64;
  std::vector<unsigned char> Mine;
  std::size_t RunStart = 0, RunEnd = 0; // the open run [RunStart, RunEnd)
  auto closeRun = [&] {
    if (RunEnd == RunStart)
      return;
    const std::uint64_t Header[2] = {RunStart, RunEnd - RunStart};
    const std::size_t At = Mine.size();
    const std::size_t Values = (RunEnd - RunStart) * Bytes;
    Mine.resize(At + HeaderBytes + Values);
    std::memcpy(Mine.data() + At, Header, HeaderBytes);
    std::memcpy(Mine.data() + At + HeaderBytes, Data + RunStart * Bytes,
                Values);
    RunStart = RunEnd;
  };
  for (std::size_t Lo = 0; Lo < Count; Lo += Block) {
    const std::size_t Hi = std::min(Count, Lo + Block);
    if (std::memcmp(Data + Lo * Bytes, Before.data() + Lo * Bytes,
                    (Hi - Lo) * Bytes) == 0)
      continue;
    for (std::size_t I = Lo; I < Hi; ++I) {
      if (std::memcmp(Data + I * Bytes, Before.data() + I * Bytes, Bytes) == 0)
        continue;
      if (I != RunEnd) {
        closeRun();
        RunStart = I;
      }
      RunEnd = I + 1;
    }
  }
  closeRun();
  const int P = nranks();
  if (Mine.size() > std::size_t(INT_MAX))
    fail(Operation,
         std::string("the changes to replicated array '") + Name +
             "' are more than one MPI_Allgatherv can take",
         Where);
  int MyBytes = int(Mine.size());
  std::vector<int> Counts(std::size_t(P), 0);
  rt::check(MPI_Allgather(&MyBytes, 1, MPI_INT, Counts.data(), 1, MPI_INT,
                          rt::comm()),
            "MPI_Allgather", Operation, Where);
  std::vector<int> Displs(std::size_t(P), 0);
  long long Total = 0;
  for (int R = 0; R < P; ++R) {
    if (Total > INT_MAX)
      fail(Operation,
           std::string("the changes to replicated array '") + Name +
               "' are more than one MPI_Allgatherv can take",
           Where);
    Displs[std::size_t(R)] = int(Total);
    Total += Counts[std::size_t(R)];
  }
  if (Total == 0)
    return;
  // Written whole by the gather before it is read: not zero-filled.
  auto All =
      std::make_unique_for_overwrite<unsigned char[]>(std::size_t(Total));
  rt::check(MPI_Allgatherv(Mine.data(), MyBytes, MPI_BYTE, All.get(),
                           Counts.data(), Displs.data(), MPI_BYTE, rt::comm()),
            "MPI_Allgatherv", Operation, Where);
  // Applied in rank order: a conflict leaves the highest rank's value on
  // every rank. Verified, the rank that changed each element is kept.
  const bool Verify = rt::verifyEnabled();
  std::vector<int> ChangedBy(Verify ? Count : 0, -1);
  for (int R = 0; R < P; ++R) {
    const unsigned char *Rec = All.get() + Displs[std::size_t(R)];
    const unsigned char *End = Rec + Counts[std::size_t(R)];
    while (Rec < End) {
      std::uint64_t Header[2];
      std::memcpy(Header, Rec, HeaderBytes);
      const std::uint64_t First = Header[0], Length = Header[1];
      if (First > Count || Length > Count - First ||
          std::size_t(End - Rec) < HeaderBytes + Length * Bytes)
        fail(Operation,
             std::string("a change to replicated array '") + Name +
                 "' names an element outside it",
             Where);
      const unsigned char *Values = Rec + HeaderBytes;
      unsigned char *To = Data + std::size_t(First) * Bytes;
      if (Verify)
        for (std::uint64_t K = 0; K < Length; ++K) {
          int &By = ChangedBy[std::size_t(First + K)];
          if (By >= 0 &&
              std::memcmp(To + K * Bytes, Values + K * Bytes, Bytes) != 0)
            fail(Operation,
                 "ranks " + std::to_string(By) + " and " + std::to_string(R) +
                     " both changed " + element(std::size_t(First + K)) +
                     " (to different values), a replicated array written in "
                     "the loop: its iterations are not independent",
                 Where);
          By = R;
        }
      std::memcpy(To, Values, std::size_t(Length) * Bytes);
      Rec = Values + Length * Bytes;
    }
  }
}

} // namespace hpf
