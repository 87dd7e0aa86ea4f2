//===- plan/Distribution.cpp - one-dimensional data distributions ---------===//

#include "plan/Distribution.h"

#include <algorithm>
#include <numeric>
#include <string>

namespace hpf::plan {

Index gcd(Index A, Index B) { return std::gcd(A, B); }

Index lcmOrOverflow(Index A, Index B) {
  if (A <= 0 || B <= 0)
    return -1;
  Index G = std::gcd(A, B);
  Index R;
  if (__builtin_mul_overflow(A / G, B, &R))
    return -1;
  return R;
}

namespace {

void checkExtent(Index N) {
  if (N < 0)
    throw PlanError("array extent must be >= 0, got " + std::to_string(N));
}

void checkProcs(int P) {
  if (P < 1)
    throw PlanError("processor count must be >= 1, got " + std::to_string(P));
}

/// The k of block(k) or cyclic(k) (Format names which).
void checkBlockSize(const char *Format, Index K) {
  if (K < 1)
    throw PlanError(std::string(Format) + "(k) needs k >= 1, got " + Format +
                    "(" + std::to_string(K) + ")");
}

Index ceilDiv(Index A, Index B) { return A / B + (A % B != 0); }

} // namespace

Distribution Distribution::block(Index N, int P) {
  checkExtent(N);
  checkProcs(P);
  return Distribution(DistKind::Block, N, P, std::max<Index>(1, ceilDiv(N, P)),
                      0);
}

Distribution Distribution::blockSized(Index N, int P, Index K) {
  checkExtent(N);
  checkProcs(P);
  checkBlockSize("block", K);
  Index Cover;
  if (!__builtin_mul_overflow(K, Index(P), &Cover) && Cover < N)
    throw PlanError("block(" + std::to_string(K) + ") on " + std::to_string(P) +
                    " processors covers only " + std::to_string(Cover) +
                    " of " + std::to_string(N) + " elements");
  return Distribution(DistKind::BlockSize, N, P, K, K);
}

Distribution Distribution::cyclic(Index N, int P, Index K) {
  checkExtent(N);
  checkProcs(P);
  checkBlockSize("cyclic", K);
  return Distribution(DistKind::Cyclic, N, P, K, K);
}

Distribution Distribution::genBlock(std::vector<Index> Sizes) {
  if (Sizes.empty())
    throw PlanError("gen_block needs at least one block size");
  if (Sizes.size() > size_t(INT32_MAX))
    throw PlanError("gen_block: too many processors");
  auto Data = std::make_shared<GenBlockData>();
  Data->Offsets.reserve(Sizes.size() + 1);
  Data->Offsets.push_back(0);
  for (size_t I = 0; I < Sizes.size(); ++I) {
    if (Sizes[I] < 0)
      throw PlanError("gen_block size " + std::to_string(I) + " is negative (" +
                      std::to_string(Sizes[I]) + ")");
    Index Next;
    if (__builtin_add_overflow(Data->Offsets.back(), Sizes[I], &Next))
      throw PlanError("gen_block sizes overflow a 64-bit extent");
    Data->Offsets.push_back(Next);
  }
  Index N = Data->Offsets.back();
  int P = int(Sizes.size());
  Data->Sizes = std::move(Sizes);
  Distribution D(DistKind::GenBlock, N, P, 0, 0);
  D.Gen = std::move(Data);
  return D;
}

Distribution Distribution::indirect(std::vector<int> Owners, int P) {
  checkProcs(P);
  auto Data = std::make_shared<IndirectData>();
  Data->Globals.resize(size_t(P));
  Data->Local.resize(Owners.size());
  for (size_t G = 0; G < Owners.size(); ++G) {
    int O = Owners[G];
    if (O < 0 || O >= P)
      throw PlanError("indirect map entry " + std::to_string(G) + " is " +
                      std::to_string(O) + ", outside processors 0.." +
                      std::to_string(P - 1));
    Data->Local[G] = Index(Data->Globals[size_t(O)].size());
    Data->Globals[size_t(O)].push_back(Index(G));
  }
  Index N = Index(Owners.size());
  Data->Owner = std::move(Owners);
  Distribution D(DistKind::Indirect, N, P, 0, 0);
  D.Ind = std::move(Data);
  return D;
}

Distribution Distribution::collapsed(Index N) {
  checkExtent(N);
  return Distribution(DistKind::Collapsed, N, 1, std::max<Index>(N, 1), 0);
}

bool Distribution::isContiguous() const {
  switch (Kind) {
  case DistKind::GenBlock:
  case DistKind::Collapsed:
    return true;
  case DistKind::Indirect:
    return false;
  default:
    return P == 1 || B >= N || cyclePeriod() >= N;
  }
}

std::pair<Index, Index> Distribution::range(int Rank) const {
  if (Kind == DistKind::GenBlock)
    return {Gen->Offsets[size_t(Rank)], Gen->Offsets[size_t(Rank) + 1]};
  if (P == 1 || Kind == DistKind::Collapsed)
    return {0, N};
  // Rank * B and Lo + B may not fit (block(2^62) on 4 ranks): saturated,
  // they are only compared with N.
  Index Lo = std::min(N, mulOrSaturate(Index(Rank), B));
  return {Lo, std::min(N, addOrSaturate(Lo, B))};
}

int Distribution::owner(Index G) const {
  switch (Kind) {
  case DistKind::GenBlock: {
    const auto &Off = Gen->Offsets;
    // The last offset <= G whose block is non-empty: upper_bound skips
    // zero-sized blocks, which share their offset with the next block.
    auto It = std::upper_bound(Off.begin(), Off.end(), G);
    return int(It - Off.begin()) - 1;
  }
  case DistKind::Indirect:
    return Ind->Owner[size_t(G)];
  case DistKind::Collapsed:
    return 0;
  default:
    return int((G / B) % P);
  }
}

Index Distribution::localIndex(Index G) const {
  switch (Kind) {
  case DistKind::GenBlock:
    return G - Gen->Offsets[size_t(owner(G))];
  case DistKind::Indirect:
    return Ind->Local[size_t(G)];
  case DistKind::Collapsed:
    return G;
  default:
    return (G / cyclePeriod()) * B + G % B;
  }
}

Index Distribution::globalIndex(int Rank, Index L) const {
  switch (Kind) {
  case DistKind::GenBlock:
    return Gen->Offsets[size_t(Rank)] + L;
  case DistKind::Indirect:
    return Ind->Globals[size_t(Rank)][size_t(L)];
  case DistKind::Collapsed:
    return L;
  default:
    return (L / B) * cyclePeriod() + Index(Rank) * B + L % B;
  }
}

Index Distribution::localCount(int Rank) const {
  switch (Kind) {
  case DistKind::GenBlock:
    return Gen->Sizes[size_t(Rank)];
  case DistKind::Indirect:
    return Index(Ind->Globals[size_t(Rank)].size());
  case DistKind::Collapsed:
    return N;
  default: {
    // Whole cycles, then this rank's part of the partial one. A period
    // that does not fit is longer than N: no whole cycle.
    Index Period, Full = 0, Rem = N, Start;
    if (!__builtin_mul_overflow(B, Index(P), &Period)) {
      Full = N / Period;
      Rem = N % Period;
    }
    Index Extra = __builtin_mul_overflow(Index(Rank), B, &Start) || Start >= Rem
                      ? 0
                      : std::min(B, Rem - Start);
    return Full * B + Extra;
  }
  }
}

const std::vector<Index> &Distribution::genBlockSizes() const {
  static const std::vector<Index> Empty;
  return Gen ? Gen->Sizes : Empty;
}

const std::vector<Index> &Distribution::genBlockOffsets() const {
  static const std::vector<Index> Empty;
  return Gen ? Gen->Offsets : Empty;
}

const std::vector<int> &Distribution::indirectMap() const {
  static const std::vector<int> Empty;
  return Ind ? Ind->Owner : Empty;
}

namespace {
template <typename T>
std::string joinList(const std::vector<T> &Values, bool Full) {
  std::string S;
  size_t Limit = Full ? Values.size() : std::min<size_t>(Values.size(), 16);
  for (size_t I = 0; I < Limit; ++I) {
    if (I)
      S += ',';
    S += std::to_string(Values[I]);
  }
  if (Limit < Values.size())
    S += ",...";
  return S;
}
} // namespace

std::string Distribution::format(bool Full) const {
  switch (Kind) {
  case DistKind::Block:
    return "block";
  case DistKind::BlockSize:
    return "block(" + std::to_string(Param) + ")";
  case DistKind::Cyclic:
    return Param == 1 ? "cyclic" : "cyclic(" + std::to_string(Param) + ")";
  case DistKind::GenBlock:
    return "gen_block(" + joinList(Gen->Sizes, Full) + ")";
  case DistKind::Indirect:
    return "indirect(" + joinList(Ind->Owner, Full) + ")";
  case DistKind::Collapsed:
    return "*";
  }
  return "?";
}

bool Distribution::sameMapping(const Distribution &O) const {
  if (N != O.N)
    return false;
  if (N == 0)
    return true;
  // Contiguous layouts are equal iff every non-empty rank owns the same
  // range (local index = offset in the range on both).
  if (isContiguous() && O.isContiguous()) {
    int Ranks = std::max(P, O.P);
    for (int R = 0; R < Ranks; ++R) {
      auto A = R < P ? range(R) : std::pair<Index, Index>{0, 0};
      auto C = R < O.P ? O.range(R) : std::pair<Index, Index>{0, 0};
      if (A.second - A.first != C.second - C.first)
        return false;
      if (A.second > A.first && A.first != C.first)
        return false;
    }
    return true;
  }
  if (isBlockCyclic() && O.isBlockCyclic())
    return P == O.P && B == O.B;
  if (Kind == DistKind::Indirect && O.Kind == DistKind::Indirect)
    return Ind->Owner == O.Ind->Owner;
  return false; // a mixed pair: compare through the communication table
}

bool Distribution::operator==(const Distribution &O) const {
  if (Kind != O.Kind || N != O.N || P != O.P || B != O.B || Param != O.Param)
    return false;
  if (Kind == DistKind::GenBlock)
    return Gen->Sizes == O.Gen->Sizes;
  if (Kind == DistKind::Indirect)
    return Ind->Owner == O.Ind->Owner;
  return true;
}

} // namespace hpf::plan
