//===- plan/CommTable.cpp - messages and index sets of a redistribution ---===//
//
// Three closed-form sweeps, chosen by the shape of the two sides:
//
//  * both contiguous (block, block(k), gen_block, one block per rank): the
//    two-pointer sweep of paper 002/004 over the rank ranges, O(p + q);
//  * one contiguous, one block-cyclic: each contiguous range is cut by the
//    blocks of the other side; when a range spans more than q blocks, every
//    owner's blocks inside it form one strided run (closed form), so the
//    cost is O(p * min(q, blocks per range)) = O(p + messages);
//  * both block-cyclic with several blocks per rank: one sweep over the
//    segments of the first period L = lcm(x*p, y*q) (paper 000); a segment
//    repeats every L elements, so it becomes one run of stride L covering
//    all periods, plus a partial segment where n is not a multiple of L.
//
// Indirect maps are swept element by element (the map itself is O(n)).
//
// Every segment is emitted as a global run (start, length, stride, count)
// and converted to local runs on both sides, so both sides enumerate the
// elements in the same order.
//
//===----------------------------------------------------------------------===//

#include "plan/CommTable.h"

#include <algorithm>
#include <numeric>

namespace hpf::plan {

namespace {

/// Converts a global run that lies, block by block, inside one block of
/// `D` on `Rank` into local indices of that rank.
Run toLocal(const Distribution &D, Index GStart, Index Len, Index GStride,
            Index Count) {
  Run R;
  R.Start = D.localIndex(GStart);
  R.Length = Len;
  R.Count = Count;
  if (Count <= 1)
    R.Stride = 0;
  else if (D.isBlockCyclic() && !D.isContiguous() &&
           GStride % D.cyclePeriod() == 0)
    R.Stride = GStride / D.procs(); // whole periods of the distribution
  else
    R.Stride = GStride; // inside one contiguous block: local = global shift
  return R;
}

/// Collects the segments of every message as they are swept, then groups
/// them by (source, destination): a counting sort by source rank and a small
/// sort by destination inside each source's bucket, O(segments + p) plus
/// the per-source sorts, with no O(p * q) state.
class TableBuilder {
public:
  TableBuilder(const Distribution &Src, const Distribution &Dst, bool WithRuns)
      : Src(Src), Dst(Dst), WithRuns(WithRuns) {}

  /// Keeps only the pieces sent by source rank SrcRank or received by
  /// destination rank DstRank (-1: none of that side): one rank's part of
  /// the table, which the rank sweeps emit (plus a few pieces they drop).
  void restrictTo(int SrcRank, int DstRank) {
    OnlySrc = SrcRank;
    OnlyDst = DstRank;
    Restricted = true;
  }

  /// Elements GStart + b*GStride + [0, Len), b < Count, go from rank I of
  /// the source to rank J of the destination.
  void emit(int I, int J, Index GStart, Index Len, Index GStride, Index Count) {
    if (Restricted && I != OnlySrc && J != OnlyDst)
      return;
    if (Len > 0 && Count > 0)
      Pieces.push_back({I, J, GStart, Len, GStride, Count});
  }

  CommTable finish() {
    CommTable T;
    T.P = Src.procs();
    T.Q = Dst.procs();
    T.N = Src.size();
    // Sorted by (source, destination), stable: keeps the sweep order, which
    // is increasing global order within a message, so adjacent runs merge.
    std::vector<size_t> Order(Pieces.size());
    if (Restricted) {
      // One rank's pieces: few, and no O(p) buckets.
      std::iota(Order.begin(), Order.end(), size_t(0));
      std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
        return std::pair{Pieces[A].I, Pieces[A].J} <
               std::pair{Pieces[B].I, Pieces[B].J};
      });
    } else { // counting sort by source, then by destination per source
      std::vector<size_t> Start(size_t(T.P) + 1, 0);
      for (const Piece &Pc : Pieces)
        ++Start[size_t(Pc.I) + 1];
      for (size_t I = 0; I < size_t(T.P); ++I)
        Start[I + 1] += Start[I];
      std::vector<size_t> Next(Start.begin(), Start.end() - 1);
      for (size_t K = 0; K < Pieces.size(); ++K)
        Order[Next[size_t(Pieces[K].I)]++] = K;
      for (size_t I = 0; I < size_t(T.P); ++I)
        std::stable_sort(
            Order.begin() + std::ptrdiff_t(Start[I]),
            Order.begin() + std::ptrdiff_t(Start[I + 1]),
            [&](size_t A, size_t B) { return Pieces[A].J < Pieces[B].J; });
    }
    Index Total = 0, Sent = 0, Received = 0;
    for (size_t K : Order) {
      const Piece &Pc = Pieces[K];
      if (T.Messages.empty() || T.Messages.back().Src != Pc.I ||
          T.Messages.back().Dst != Pc.J) {
        T.Messages.push_back({Pc.I, Pc.J, 0});
        if (WithRuns)
          T.Runs.emplace_back();
      }
      Index Elems;
      if (__builtin_mul_overflow(Pc.Len, Pc.Count, &Elems) ||
          __builtin_add_overflow(T.Messages.back().Size, Elems,
                                 &T.Messages.back().Size))
        throw PlanError("message size overflows a 64-bit count");
      Total += Elems;
      Sent += Pc.I == OnlySrc ? Elems : 0;
      Received += Pc.J == OnlyDst ? Elems : 0;
      if (WithRuns)
        addRuns(T.Runs.back(), Pc);
    }
    if (Restricted) {
      // The rank's row holds every element it owns in the source, its
      // column every element it owns in the destination.
      Index Owned = OnlySrc >= 0 ? Src.localCount(OnlySrc) : 0;
      Index Gets = OnlyDst >= 0 ? Dst.localCount(OnlyDst) : 0;
      if (Sent != Owned || Received != Gets)
        throw PlanError("rank table of " + Src.format() + " -> " +
                        Dst.format() + " sends " + std::to_string(Sent) +
                        " of " + std::to_string(Owned) + " and receives " +
                        std::to_string(Received) + " of " +
                        std::to_string(Gets) + " elements");
      return T;
    }
    // Every element moves (or stays) exactly once: a table that covers
    // more or fewer elements than the extent is a bug, never a plan.
    if (Total != T.N)
      throw PlanError("communication table of " + Src.format() + " -> " +
                      Dst.format() + " covers " + std::to_string(Total) +
                      " of " + std::to_string(T.N) + " elements");
    return T;
  }

private:
  struct Piece {
    int I, J;
    Index GStart, Len, GStride, Count;
  };

  void addRuns(MessageRuns &MR, const Piece &Pc) const {
    Run S = toLocal(Src, Pc.GStart, Pc.Len, Pc.GStride, Pc.Count);
    Run D = toLocal(Dst, Pc.GStart, Pc.Len, Pc.GStride, Pc.Count);
    if (!MR.SrcRuns.empty() && S.Count == 1 && MR.SrcRuns.back().Count == 1) {
      Run &LS = MR.SrcRuns.back(), &LD = MR.DstRuns.back();
      if (LS.Start + LS.Length == S.Start && LD.Start + LD.Length == D.Start) {
        LS.Length += Pc.Len; // contiguous on both sides: extend
        LD.Length += Pc.Len;
        return;
      }
    }
    MR.SrcRuns.push_back(S);
    MR.DstRuns.push_back(D);
  }

  const Distribution &Src, &Dst;
  bool WithRuns;
  bool Restricted = false;
  int OnlySrc = -1, OnlyDst = -1;
  std::vector<Piece> Pieces;
};

void sweepContiguousPair(const Distribution &Src, const Distribution &Dst,
                         TableBuilder &B) {
  int I = 0, J = 0;
  while (I < Src.procs() && J < Dst.procs()) {
    auto [A, EA] = Src.range(I);
    auto [Bg, EB] = Dst.range(J);
    Index Lo = std::max(A, Bg), Hi = std::min(EA, EB);
    if (Hi > Lo)
      B.emit(I, J, Lo, Hi - Lo, 0, 1);
    if (EA <= EB)
      ++I;
    if (EB <= EA)
      ++J;
  }
}

/// The row of SR and the column of DR of the contiguous pair (-1: none):
/// from the owner of the rank's first element to the last range it meets.
void sweepContiguousPairRank(const Distribution &Src, const Distribution &Dst,
                             int SR, int DR, TableBuilder &B) {
  if (SR >= 0) {
    auto [A, EA] = Src.range(SR);
    for (int J = EA > A ? Dst.owner(A) : Dst.procs(); J < Dst.procs(); ++J) {
      auto [Bg, EB] = Dst.range(J);
      if (Bg >= EA)
        break;
      Index Lo = std::max(A, Bg), Hi = std::min(EA, EB);
      if (Hi > Lo)
        B.emit(SR, J, Lo, Hi - Lo, 0, 1);
    }
  }
  if (DR >= 0) {
    auto [Bg, EB] = Dst.range(DR);
    for (int I = EB > Bg ? Src.owner(Bg) : Src.procs(); I < Src.procs(); ++I) {
      auto [A, EA] = Src.range(I);
      if (A >= EB)
        break;
      Index Lo = std::max(A, Bg), Hi = std::min(EA, EB);
      if (Hi > Lo && I != SR)
        B.emit(I, DR, Lo, Hi - Lo, 0, 1);
    }
  }
}

/// `C` is contiguous, `K` block-cyclic: emits the pieces of C's rank R's
/// range, cut by the blocks of K, to every owner in K (or only to OnlyJ
/// when OnlyJ >= 0, in O(1)). Emit(CRank, KRank, start, len, stride, count).
template <class EmitFn>
void cutRange(const Distribution &C, const Distribution &K, int R, int OnlyJ,
              EmitFn &&Emit) {
  const Index Y = K.blockSize();
  const int Q = K.procs();
  auto [Lo, Hi] = C.range(R);
  if (Hi <= Lo)
    return;
  Index V0 = Lo / Y, V1 = (Hi - 1) / Y;
  // First block at or after V0 owned by J.
  auto FirstOf = [&](int J) { return V0 + ((J - V0 % Q) % Q + Q) % Q; };
  if (V1 - V0 + 1 <= Q) { // every block of K here has a different owner
    Index From = OnlyJ >= 0 ? FirstOf(OnlyJ) : V0;
    Index To = OnlyJ >= 0 ? std::min(V1, From) : V1;
    for (Index V = From; V <= To; ++V) {
      Index S = std::max(Lo, V * Y), E = std::min(Hi, mulOrSaturate(V + 1, Y));
      Emit(R, int(V % Q), S, E - S, 0, 1);
    }
    return;
  }
  // More than q blocks: per owner, a partial head block, a strided run of
  // whole blocks, and a partial tail block.
  for (int J = OnlyJ >= 0 ? OnlyJ : 0; J < (OnlyJ >= 0 ? OnlyJ + 1 : Q); ++J) {
    Index First = FirstOf(J);
    Index Last = First + ((V1 - First) / Q) * Q;
    bool PartialHead = First == V0 && Lo > V0 * Y;
    bool PartialTail = Last == V1 && Hi < mulOrSaturate(V1 + 1, Y);
    if (PartialHead) {
      Emit(R, J, Lo, std::min(Hi, mulOrSaturate(V0 + 1, Y)) - Lo, 0, 1);
      First += Q;
    }
    Index TailStart = 0;
    if (PartialTail && Last >= First) {
      TailStart = V1 * Y;
      Last -= Q;
    } else {
      PartialTail = false;
    }
    if (First <= Last)
      Emit(R, J, First * Y, Y, Index(Q) * Y, (Last - First) / Q + 1);
    if (PartialTail)
      Emit(R, J, TailStart, Hi - TailStart, 0, 1);
  }
}

/// `C` is contiguous, `K` block-cyclic; SrcIsC says which one is the source.
/// With CRank/KRank >= 0 only that rank's row or column of each side (the
/// rank sweep: the ranges of C that hold a block of KRank are found by
/// jumping from one of its blocks to the next range, O(messages) owners).
void sweepContiguousCyclic(const Distribution &C, const Distribution &K,
                           bool SrcIsC, TableBuilder &B, bool RankOnly = false,
                           int CRank = -1, int KRank = -1) {
  auto Emit = [&](int CR, int KR, Index GStart, Index Len, Index Stride,
                  Index Count) {
    if (SrcIsC)
      B.emit(CR, KR, GStart, Len, Stride, Count);
    else
      B.emit(KR, CR, GStart, Len, Stride, Count);
  };
  if (!RankOnly) {
    for (int R = 0; R < C.procs(); ++R)
      cutRange(C, K, R, -1, Emit);
    return;
  }
  if (CRank >= 0)
    cutRange(C, K, CRank, -1, Emit);
  if (KRank < 0)
    return;
  const Index Y = K.blockSize(), N = C.size();
  const Index Q = K.procs();
  // G: the first element at or after G in a block of KRank.
  auto NextOwned = [&](Index G) {
    Index V = G / Y, Skip = ((KRank - V % Q) % Q + Q) % Q;
    return Skip == 0 ? G : mulOrSaturate(V + Skip, Y);
  };
  for (Index G = NextOwned(0); G < N;) {
    int R = C.owner(G);
    if (R != CRank) // CRank's pieces are all emitted above
      cutRange(C, K, R, KRank, Emit);
    G = NextOwned(C.range(R).second);
  }
}

/// With RankOnly, only the row of SR and the column of DR (-1: none), from
/// those ranks' own blocks.
void sweepPeriod(const Distribution &Src, const Distribution &Dst,
                 TableBuilder &B, bool RankOnly = false, int SR = -1,
                 int DR = -1) {
  const Index X = Src.blockSize(), Y = Dst.blockSize(), N = Src.size();
  const int P = Src.procs(), Q = Dst.procs();
  // Both sides have several blocks per rank here, so X * P and Y * Q are
  // below N; block ends may still pass INT64_MAX near the end of a huge N.
  Index XP = X * P, YQ = Y * Q;
  Index L = lcmOrOverflow(XP, YQ);
  const bool Periodic = L > 0 && L < N;
  // Segments of [From, To), each inside one block of both sides.
  // SkipI: a source rank whose pieces are already emitted.
  auto Segments = [&](Index From, Index To, Index Stride, Index Count,
                      int SkipI = -1) {
    for (Index S = From; S < To;) {
      Index E = std::min(
          {mulOrSaturate(S / X + 1, X), mulOrSaturate(S / Y + 1, Y), To});
      if (int I = int((S / X) % P); I != SkipI)
        B.emit(I, int((S / Y) % Q), S, E - S, Stride, Count);
      S = E;
    }
  };
  // The segments of [From, To) inside the blocks (of size Z over R ranks)
  // of rank Rank, in increasing order: the same segments as the full sweep
  // (a block ends at a boundary of its own side), a 1/R share of them.
  auto RankSegments = [&](Index Z, Index R, int Rank, Index From, Index To,
                          Index Stride, Index Count, int SkipI) {
    Index V = From / Z;
    V += ((Rank - V % R) % R + R) % R;
    for (; mulOrSaturate(V, Z) < To; V += R)
      Segments(std::max(From, V * Z), std::min(To, mulOrSaturate(V + 1, Z)),
               Stride, Count, SkipI);
  };
  auto Sweep = [&](Index From, Index To, Index Stride, Index Count) {
    if (!RankOnly)
      Segments(From, To, Stride, Count);
    else if (SR >= 0)
      RankSegments(X, P, SR, From, To, Stride, Count, -1);
  };
  // The column pass comes after the whole row pass (both periods), so the
  // pieces of every message keep the order of the full sweep; it skips
  // SR's pieces, which the row pass emitted.
  auto SweepColumn = [&](Index From, Index To, Index Stride, Index Count) {
    if (RankOnly && DR >= 0)
      RankSegments(Y, Q, DR, From, To, Stride, Count, SR);
  };
  if (!Periodic) {
    Sweep(0, N, 0, 1);
    SweepColumn(0, N, 0, 1);
    return;
  }
  // Every segment of the first period repeats in each of the K complete
  // periods: one run of stride L and count K each, so all periodic runs of
  // a message have the same count (the runtime walks them period by
  // period). The incomplete last period follows as single blocks.
  Index K = N / L;
  Sweep(0, L, L, K);
  Sweep(K * L, N, 0, 1);
  SweepColumn(0, L, L, K);
  SweepColumn(K * L, N, 0, 1);
}

void sweepElements(const Distribution &Src, const Distribution &Dst,
                   TableBuilder &B) {
  for (Index G = 0; G < Src.size(); ++G)
    B.emit(Src.owner(G), Dst.owner(G), G, 1, 0, 1);
}

/// The whole table, or (RankOnly) the row of SR and the column of DR.
CommTable tableOf(const Distribution &Src, const Distribution &Dst,
                  bool WithRuns, bool RankOnly, int SR, int DR) {
  if (Src.size() != Dst.size())
    throw PlanError("source and destination extents differ (" +
                    std::to_string(Src.size()) + " vs " +
                    std::to_string(Dst.size()) + ")");
  if (Src.kind() == DistKind::Collapsed || Dst.kind() == DistKind::Collapsed)
    throw PlanError("'*' (a collapsed dimension) is only meaningful in a "
                    "multi-dimensional distribution");
  TableBuilder B(Src, Dst, WithRuns);
  if (RankOnly) {
    SR = SR >= 0 && SR < Src.procs() ? SR : -1;
    DR = DR >= 0 && DR < Dst.procs() ? DR : -1;
    B.restrictTo(SR, DR);
  }
  bool Ind =
      Src.kind() == DistKind::Indirect || Dst.kind() == DistKind::Indirect;
  if (Ind)
    sweepElements(Src, Dst, B); // the builder drops other ranks' pieces
  else if (Src.isContiguous() && Dst.isContiguous()) {
    if (RankOnly)
      sweepContiguousPairRank(Src, Dst, SR, DR, B);
    else
      sweepContiguousPair(Src, Dst, B);
  } else if (Src.isContiguous())
    sweepContiguousCyclic(Src, Dst, /*SrcIsC=*/true, B, RankOnly, SR, DR);
  else if (Dst.isContiguous())
    sweepContiguousCyclic(Dst, Src, /*SrcIsC=*/false, B, RankOnly, DR, SR);
  else
    sweepPeriod(Src, Dst, B, RankOnly, SR, DR);
  return B.finish();
}

} // namespace

CommTable computeCommTable(const Distribution &Src, const Distribution &Dst,
                           bool WithRuns) {
  return tableOf(Src, Dst, WithRuns, /*RankOnly=*/false, -1, -1);
}

CommTable computeRankTable(const Distribution &Src, const Distribution &Dst,
                           int SrcRank, int DstRank, bool WithRuns) {
  return tableOf(Src, Dst, WithRuns, /*RankOnly=*/true, SrcRank, DstRank);
}

CommTable commTableFromMatrix(const std::vector<std::vector<Index>> &Sizes) {
  CommTable T;
  T.P = int(Sizes.size());
  T.Q = 0;
  for (const auto &Row : Sizes)
    T.Q = std::max(T.Q, int(Row.size()));
  for (int I = 0; I < T.P; ++I)
    for (int J = 0; J < int(Sizes[size_t(I)].size()); ++J) {
      Index S = Sizes[size_t(I)][size_t(J)];
      if (S < 0)
        throw PlanError("message size from " + std::to_string(I) + " to " +
                        std::to_string(J) + " is negative");
      if (S > 0) {
        T.Messages.push_back({I, J, S});
        T.N += S;
      }
    }
  return T;
}

Index CommTable::totalElements() const {
  Index S = 0;
  for (const Message &M : Messages)
    S += M.Size;
  return S;
}

std::vector<int> CommTable::sendDegrees() const {
  std::vector<int> D(size_t(P), 0);
  for (const Message &M : Messages)
    ++D[size_t(M.Src)];
  return D;
}

std::vector<int> CommTable::recvDegrees() const {
  std::vector<int> D(size_t(Q), 0);
  for (const Message &M : Messages)
    ++D[size_t(M.Dst)];
  return D;
}

int CommTable::maxDegree() const {
  int Max = 0;
  for (int D : sendDegrees())
    Max = std::max(Max, D);
  for (int D : recvDegrees())
    Max = std::max(Max, D);
  return Max;
}

Index CommTable::volumeLowerBound() const {
  std::vector<Index> Out(size_t(P), 0), In(size_t(Q), 0);
  for (const Message &M : Messages) {
    Out[size_t(M.Src)] += M.Size;
    In[size_t(M.Dst)] += M.Size;
  }
  Index Max = 0;
  for (Index V : Out)
    Max = std::max(Max, V);
  for (Index V : In)
    Max = std::max(Max, V);
  return Max;
}

std::ptrdiff_t CommTable::find(int Src, int Dst) const {
  auto It =
      std::lower_bound(Messages.begin(), Messages.end(), std::pair{Src, Dst},
                       [](const Message &M, std::pair<int, int> K) {
                         return std::pair{M.Src, M.Dst} < K;
                       });
  if (It == Messages.end() || It->Src != Src || It->Dst != Dst)
    return -1;
  return It - Messages.begin();
}

std::vector<std::vector<Index>> CommTable::matrix() const {
  std::vector<std::vector<Index>> M(size_t(P),
                                    std::vector<Index>(size_t(Q), 0));
  for (const Message &Msg : Messages)
    M[size_t(Msg.Src)][size_t(Msg.Dst)] = Msg.Size;
  return M;
}

} // namespace hpf::plan
