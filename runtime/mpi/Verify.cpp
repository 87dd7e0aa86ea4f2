//===- mpi/Verify.cpp - HPF_VERIFY checks of a redistribution -------------===//

#include "mpi/Verify.h"
#include "mpi/DArray.h"
#include "mpi/Exec.h"

#include <mpi.h>

namespace hpf::rt {

std::uint64_t elementHash(std::uint64_t G, const char *Value, std::size_t ES) {
  std::uint64_t H = 1469598103934665603ull;
  const unsigned char *B = reinterpret_cast<const unsigned char *>(Value);
  for (std::size_t I = 0; I < ES; ++I)
    H = (H ^ B[I]) * 1099511628211ull;
  std::uint64_t X = H ^ (G * 0x9e3779b97f4a7c15ull);
  X ^= X >> 31;
  X *= 0xbf58476d1ce4e5b9ull;
  X ^= X >> 29;
  return X;
}

std::uint64_t checksum(const plan::DistributionND &D, int Me, const char *Data,
                       std::size_t ES) {
  std::uint64_t Sum = 0;
  forEachLocal(D, Me, [&](index_t G) {
    Sum += elementHash(std::uint64_t(G), Data, ES);
    Data += ES;
  });
  return Sum;
}

void verifyEntry(const CacheEntry &E, index_t Have, index_t Want,
                 const char *Where) {
  std::uint64_t F[2] = {E.Fingerprint, ~E.Fingerprint};
  check(MPI_Allreduce(MPI_IN_PLACE, F, 2, MPI_UINT64_T, MPI_MAX, comm()),
        "MPI_Allreduce", "redistribute (HPF_VERIFY)", Where);
  if (F[0] != E.Fingerprint || F[1] != ~E.Fingerprint)
    fail("redistribute (HPF_VERIFY)",
         "ranks computed different plans (fingerprint differs)", Where);
  plan::Index Sent = E.SelfElems, Recvd = E.SelfElems;
  for (const Transfer &X : E.Order.Sends)
    Sent += X.Elems;
  for (const Transfer &X : E.Order.Recvs)
    Recvd += X.Elems;
  if (Sent != Have || Recvd != Want)
    fail("redistribute (HPF_VERIFY)",
         "plan moves " + std::to_string(Sent) + " of the " +
             std::to_string(Have) + " elements this rank owns and delivers " +
             std::to_string(Recvd) + " of the " + std::to_string(Want) +
             " it will own",
         Where);
}

void verifyChecksums(std::uint64_t Before, std::uint64_t After,
                     const std::string &What, const char *Strategy,
                     const char *Where) {
  std::uint64_t Sums[2] = {Before, After};
  check(MPI_Allreduce(MPI_IN_PLACE, Sums, 2, MPI_UINT64_T, MPI_SUM, comm()),
        "MPI_Allreduce", "redistribute (HPF_VERIFY)", Where);
  if (Sums[0] != Sums[1])
    fail("redistribute (HPF_VERIFY)",
         "checksum of (index, value) pairs differs after " + What + " (" +
             Strategy + ")",
         Where);
}

} // namespace hpf::rt
