//===- mpi/Verify.h - HPF_VERIFY checks of a redistribution -----*- C++ -*-===//
//
// Internal to hpfrt. With HPF_VERIFY=1 every redistribution checks, before
// running, that every rank has the same plan (fingerprint) and that the plan
// sends the elements this rank owns and delivers those it will own; after
// running, that the world's checksums of (global index, value) pairs before
// and after agree. One implementation for every rank of array.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_VERIFY_H
#define HPF_MPI_VERIFY_H

#include "mpi/Env.h"
#include "plan/DistributionND.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace hpf::rt {

struct CacheEntry;

/// The checksum term of one element (global index, value bytes); sums over
/// all elements before and after must agree.
std::uint64_t elementHash(std::uint64_t Global, const char *Value,
                          std::size_t ElemSize);
/// Order-independent checksum of this rank's elements (Data, laid out by
/// D): the sum of elementHash over (global row-major index, value).
std::uint64_t checksum(const plan::DistributionND &D, int Me, const char *Data,
                       std::size_t ElemSize);
/// Before running (collective): every rank has E's fingerprint, and E sends
/// the Have elements this rank owns and delivers the Want it will own.
void verifyEntry(const CacheEntry &E, index_t Have, index_t Want,
                 const char *Where);
/// After running (collective): the world's sums of Before and After agree,
/// else fails naming What (the two mappings) and the strategy.
void verifyChecksums(std::uint64_t Before, std::uint64_t After,
                     const std::string &What, const char *Strategy,
                     const char *Where);

} // namespace hpf::rt

#endif // HPF_MPI_VERIFY_H
