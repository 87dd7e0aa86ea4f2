//===- mpi/Halo.cpp - neighbour elements for stencil reads ----------------===//

#include "mpi/Halo.h"

#include <mpi.h>

#include <algorithm>
#include <cstring>

namespace hpf::rt {

namespace {

using Range = std::pair<index_t, index_t>;

constexpr int HaloTag = 7411;

Range intersect(Range A, Range B) {
  Range R{std::max(A.first, B.first), std::min(A.second, B.second)};
  if (R.second < R.first)
    R.second = R.first;
  return R;
}

Range owned(const plan::Distribution &D, int R) {
  if (R < 0 || R >= D.procs())
    return {0, 0};
  return D.range(R);
}

HaloStats &stats() {
  static HaloStats S;
  return S;
}

} // namespace

const HaloStats &lastHaloStats() { return stats(); }

Range haloNeed(const plan::Distribution &Src, const plan::Distribution &Home,
               int R, index_t Lo, index_t Hi, index_t CMin, index_t CMax) {
  Range Seg = intersect(owned(Home, R), {Lo, Hi});
  if (Seg.first >= Seg.second)
    return {0, 0};
  return intersect({Seg.first + CMin, Seg.second + CMax}, {0, Src.size()});
}

HaloShape haloShape(const plan::Distribution &Src,
                    const plan::Distribution &Home, index_t Lo, index_t Hi,
                    index_t CMin, index_t CMax) {
  HaloShape S;
  if (!Src.isContiguous() || !Home.isContiguous()) {
    S.Gather = true;
    S.Count = Src.size();
    return S;
  }
  Range Need = haloNeed(Src, Home, rank(), Lo, Hi, CMin, CMax);
  S.First = Need.first;
  S.Count = Need.second - Need.first;
  return S;
}

void haloExchange(const HaloShape &S, const plan::Distribution &Src,
                  const plan::Distribution &Home, index_t Lo, index_t Hi,
                  index_t CMin, index_t CMax, const void *Local,
                  std::size_t ElemSize, void *Out, const char *Where) {
  init();
  HaloStats &St = stats();
  St = HaloStats{};
  if (S.Gather) {
    St.Gathered = true;
    gatherAll(plan::DistributionND::rank1(Src), Local, ElemSize, Out);
    return;
  }
  const int Me = rank(), W = nranks();
  const index_t ES = index_t(ElemSize);
  const Range Mine = owned(Src, Me);
  const Range Need{S.First, S.First + S.Count};
  char *O = static_cast<char *>(Out);
  const char *L = static_cast<const char *>(Local);
  std::vector<MPI_Request> Reqs;
  // Receives first: the part of my need each other rank owns.
  for (int P = 0; P < Src.procs() && P < W; ++P) {
    if (P == Me)
      continue;
    Range Part = intersect(Need, owned(Src, P));
    if (Part.first >= Part.second)
      continue;
    Reqs.emplace_back();
    check(MPI_Irecv_c(O + (Part.first - Need.first) * ES,
                      MPI_Count((Part.second - Part.first) * ES), MPI_BYTE, P,
                      HaloTag, MPI_COMM_WORLD, &Reqs.back()),
          "MPI_Irecv", "halo exchange", Where);
    ++St.Recvs;
    St.ElementsReceived += Part.second - Part.first;
  }
  // Sends: the part of every other rank's need that I own.
  if (Mine.first < Mine.second)
    for (int Q = 0; Q < W; ++Q) {
      if (Q == Me)
        continue;
      Range Part = intersect(haloNeed(Src, Home, Q, Lo, Hi, CMin, CMax), Mine);
      if (Part.first >= Part.second)
        continue;
      Reqs.emplace_back();
      check(MPI_Isend_c(L + (Part.first - Mine.first) * ES,
                        MPI_Count((Part.second - Part.first) * ES), MPI_BYTE, Q,
                        HaloTag, MPI_COMM_WORLD, &Reqs.back()),
            "MPI_Isend", "halo exchange", Where);
      ++St.Sends;
    }
  // My own elements, while the messages travel.
  Range Own = intersect(Need, Mine);
  if (Own.first < Own.second)
    std::memcpy(O + (Own.first - Need.first) * ES,
                L + (Own.first - Mine.first) * ES,
                std::size_t((Own.second - Own.first) * ES));
  if (!Reqs.empty())
    check(MPI_Waitall(int(Reqs.size()), Reqs.data(), MPI_STATUSES_IGNORE),
          "MPI_Waitall", "halo exchange", Where);
}

} // namespace hpf::rt
