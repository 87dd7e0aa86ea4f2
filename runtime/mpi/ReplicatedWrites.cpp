//===- mpi/ReplicatedWrites.cpp - delivering a loop's replicated stores ---===//

#include "mpi/ReplicatedWrites.h"

#include "mpi/Comm.h"

#include <mpi.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <string>

namespace hpf {

namespace {
constexpr const char *Operation = "independent loop";
/// A change travels as its flat index (8 bytes) followed by the value.
constexpr std::size_t IndexBytes = sizeof(std::uint64_t);
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
  // elements of a block that differs.
  constexpr std::size_t Block = 64;
  std::vector<unsigned char> Mine;
  const std::size_t Record = IndexBytes + Bytes;
  for (std::size_t Lo = 0; Lo < Count; Lo += Block) {
    const std::size_t Hi = std::min(Count, Lo + Block);
    if (std::memcmp(Data + Lo * Bytes, Before.data() + Lo * Bytes,
                    (Hi - Lo) * Bytes) == 0)
      continue;
    for (std::size_t I = Lo; I < Hi; ++I) {
      if (std::memcmp(Data + I * Bytes, Before.data() + I * Bytes, Bytes) ==
          0)
        continue;
      const std::uint64_t Index = I;
      const std::size_t At = Mine.size();
      Mine.resize(At + Record);
      std::memcpy(Mine.data() + At, &Index, IndexBytes);
      std::memcpy(Mine.data() + At + IndexBytes, Data + I * Bytes, Bytes);
    }
  }
  const int P = nranks();
  const std::size_t MineCount = Mine.size() / Record;
  if (MineCount > std::size_t(INT_MAX))
    fail(Operation,
         std::string("the changes to replicated array '") + Name +
             "' are more than one MPI_Allgatherv can take",
         Where);
  int MyCount = int(MineCount);
  std::vector<int> Counts(std::size_t(P), 0);
  rt::check(MPI_Allgather(&MyCount, 1, MPI_INT, Counts.data(), 1, MPI_INT,
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
  // Records as one contiguous type: counts in changes, not bytes.
  MPI_Datatype Type;
  rt::check(MPI_Type_contiguous(int(Record), MPI_BYTE, &Type),
            "MPI_Type_contiguous", Operation, Where);
  rt::check(MPI_Type_commit(&Type), "MPI_Type_commit", Operation, Where);
  std::vector<unsigned char> All(std::size_t(Total) * Record);
  rt::check(MPI_Allgatherv(Mine.data(), MyCount, Type, All.data(),
                           Counts.data(), Displs.data(), Type, rt::comm()),
            "MPI_Allgatherv", Operation, Where);
  MPI_Type_free(&Type);
  // Applied in rank order: a conflict leaves the highest rank's value on
  // every rank. Verified, the rank that changed each element is kept.
  const bool Verify = rt::verifyEnabled();
  std::vector<int> ChangedBy(Verify ? Count : 0, -1);
  for (int R = 0; R < P; ++R) {
    const unsigned char *Rec =
        All.data() + std::size_t(Displs[std::size_t(R)]) * Record;
    for (int K = 0; K < Counts[std::size_t(R)]; ++K, Rec += Record) {
      std::uint64_t Index;
      std::memcpy(&Index, Rec, IndexBytes);
      if (Index >= Count)
        fail(Operation,
             std::string("a change to replicated array '") + Name +
                 "' names an element outside it",
             Where);
      unsigned char *To = Data + std::size_t(Index) * Bytes;
      if (Verify) {
        int &By = ChangedBy[std::size_t(Index)];
        if (By >= 0 && std::memcmp(To, Rec + IndexBytes, Bytes) != 0)
          fail(Operation,
               "ranks " + std::to_string(By) + " and " + std::to_string(R) +
                   " both changed " + element(std::size_t(Index)) +
                   " (to different values), a replicated array written in "
                   "the loop: its iterations are not independent",
               Where);
        By = R;
      }
      std::memcpy(To, Rec + IndexBytes, Bytes);
    }
  }
}

} // namespace hpf
