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

  /// Elements GStart + b*GStride + [0, Len), b < Count, go from rank I of
  /// the source to rank J of the destination.
  void emit(int I, int J, Index GStart, Index Len, Index GStride, Index Count) {
    if (Len > 0 && Count > 0)
      Pieces.push_back({I, J, GStart, Len, GStride, Count});
  }

  CommTable finish() {
    CommTable T;
    T.P = Src.procs();
    T.Q = Dst.procs();
    T.N = Src.size();
    // Counting sort by source rank (stable: keeps the sweep order, which is
    // increasing global order within a message, so adjacent runs merge).
    std::vector<size_t> Start(size_t(T.P) + 1, 0);
    for (const Piece &Pc : Pieces)
      ++Start[size_t(Pc.I) + 1];
    for (size_t I = 0; I < size_t(T.P); ++I)
      Start[I + 1] += Start[I];
    std::vector<size_t> Order(Pieces.size());
    {
      std::vector<size_t> Next(Start.begin(), Start.end() - 1);
      for (size_t K = 0; K < Pieces.size(); ++K)
        Order[Next[size_t(Pieces[K].I)]++] = K;
    }
    for (size_t I = 0; I < size_t(T.P); ++I)
      std::stable_sort(
          Order.begin() + std::ptrdiff_t(Start[I]),
          Order.begin() + std::ptrdiff_t(Start[I + 1]),
          [&](size_t A, size_t B) { return Pieces[A].J < Pieces[B].J; });
    Index Total = 0;
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
      if (WithRuns)
        addRuns(T.Runs.back(), Pc);
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

/// `C` is contiguous, `K` block-cyclic; SrcIsC says which one is the source.
void sweepContiguousCyclic(const Distribution &C, const Distribution &K,
                           bool SrcIsC, TableBuilder &B) {
  const Index Y = K.blockSize();
  const int Q = K.procs();
  auto Emit = [&](int CRank, int KRank, Index GStart, Index Len, Index Stride,
                  Index Count) {
    if (SrcIsC)
      B.emit(CRank, KRank, GStart, Len, Stride, Count);
    else
      B.emit(KRank, CRank, GStart, Len, Stride, Count);
  };
  for (int R = 0; R < C.procs(); ++R) {
    auto [Lo, Hi] = C.range(R);
    if (Hi <= Lo)
      continue;
    Index V0 = Lo / Y, V1 = (Hi - 1) / Y;
    if (V1 - V0 + 1 <= Q) { // every block of K here has a different owner
      for (Index V = V0; V <= V1; ++V) {
        Index S = std::max(Lo, V * Y),
              E = std::min(Hi, mulOrSaturate(V + 1, Y));
        Emit(R, int(V % Q), S, E - S, 0, 1);
      }
      continue;
    }
    // More than q blocks: per owner, a partial head block, a strided run of
    // whole blocks, and a partial tail block.
    for (int J = 0; J < Q; ++J) {
      Index First = V0 + ((J - V0 % Q) % Q + Q) % Q;
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
}

void sweepPeriod(const Distribution &Src, const Distribution &Dst,
                 TableBuilder &B) {
  const Index X = Src.blockSize(), Y = Dst.blockSize(), N = Src.size();
  const int P = Src.procs(), Q = Dst.procs();
  // Both sides have several blocks per rank here, so X * P and Y * Q are
  // below N; block ends may still pass INT64_MAX near the end of a huge N.
  Index XP = X * P, YQ = Y * Q;
  Index L = lcmOrOverflow(XP, YQ);
  const bool Periodic = L > 0 && L < N;
  // Segments of [From, To), each inside one block of both sides.
  auto Sweep = [&](Index From, Index To, Index Stride, Index Count) {
    for (Index S = From; S < To;) {
      Index E = std::min(
          {mulOrSaturate(S / X + 1, X), mulOrSaturate(S / Y + 1, Y), To});
      B.emit(int((S / X) % P), int((S / Y) % Q), S, E - S, Stride, Count);
      S = E;
    }
  };
  if (!Periodic) {
    Sweep(0, N, 0, 1);
    return;
  }
  // Every segment of the first period repeats in each of the K complete
  // periods: one run of stride L and count K each, so all periodic runs of
  // a message have the same count (the runtime walks them period by
  // period). The incomplete last period follows as single blocks.
  Index K = N / L;
  Sweep(0, L, L, K);
  Sweep(K * L, N, 0, 1);
}

void sweepElements(const Distribution &Src, const Distribution &Dst,
                   TableBuilder &B) {
  for (Index G = 0; G < Src.size(); ++G)
    B.emit(Src.owner(G), Dst.owner(G), G, 1, 0, 1);
}

} // namespace

CommTable computeCommTable(const Distribution &Src, const Distribution &Dst,
                           bool WithRuns) {
  if (Src.size() != Dst.size())
    throw PlanError("source and destination extents differ (" +
                    std::to_string(Src.size()) + " vs " +
                    std::to_string(Dst.size()) + ")");
  if (Src.kind() == DistKind::Collapsed || Dst.kind() == DistKind::Collapsed)
    throw PlanError("'*' (a collapsed dimension) is only meaningful in a "
                    "multi-dimensional distribution");
  TableBuilder B(Src, Dst, WithRuns);
  bool Ind =
      Src.kind() == DistKind::Indirect || Dst.kind() == DistKind::Indirect;
  if (Ind)
    sweepElements(Src, Dst, B);
  else if (Src.isContiguous() && Dst.isContiguous())
    sweepContiguousPair(Src, Dst, B);
  else if (Src.isContiguous())
    sweepContiguousCyclic(Src, Dst, /*SrcIsC=*/true, B);
  else if (Dst.isContiguous())
    sweepContiguousCyclic(Dst, Src, /*SrcIsC=*/false, B);
  else
    sweepPeriod(Src, Dst, B);
  return B.finish();
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
