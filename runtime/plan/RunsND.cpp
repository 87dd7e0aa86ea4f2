//===- plan/RunsND.cpp - N-D messages as runs over local storage ----------===//

#include "plan/RunsND.h"

#include <string>

namespace hpf::plan {

namespace {

/// Row-major strides of local storage with these extents.
std::vector<Index> stridesOf(const std::vector<Index> &Extents) {
  std::vector<Index> S(Extents.size(), 1);
  for (size_t D = Extents.size(); D-- > 1;)
    S[D - 1] = S[D] * Extents[D];
  return S;
}

/// The (source, destination) local index pairs of a 1-D message, in its
/// element order (run by run, block by block, index by index).
std::vector<std::pair<Index, Index>> pairsOf(const MessageRuns &R) {
  std::vector<std::pair<Index, Index>> Out;
  for (size_t K = 0; K < R.SrcRuns.size(); ++K) {
    const Run &S = R.SrcRuns[K], &D = R.DstRuns[K];
    for (Index C = 0; C < S.Count; ++C)
      for (Index L = 0; L < S.Length; ++L)
        Out.push_back({S.Start + C * S.Stride + L, D.Start + C * D.Stride + L});
  }
  return Out;
}

/// Appends rows to a message's run lists, compacting as RunsND.h says.
class RowEmitter {
public:
  explicit RowEmitter(MessageRuns &Out) : Out(Out) {}

  /// The last dimension's runs of one row, shifted by the row's offsets.
  void row(const MessageRuns &Inner, Index SrcBase, Index DstBase) {
    const std::vector<Run> &IS = Inner.SrcRuns, &ID = Inner.DstRuns;
    if (IS.size() == 1 && segment(IS[0], ID[0])) {
      const Run &S = IS[0], &D = ID[0];
      addSegment(SrcBase + S.Start, DstBase + D.Start, S.elements());
      return;
    }
    Open = false;
    if (IS.empty())
      return;
    if (!Out.SrcRuns.empty() && Out.SrcRuns.back().Count > 1 &&
        Out.SrcRuns.back().Count == IS.front().Count) {
      // An empty run ends the bundle: the rows are walked one by one.
      Out.SrcRuns.push_back({Out.SrcRuns.back().Start, 0, 0, 1});
      Out.DstRuns.push_back({Out.DstRuns.back().Start, 0, 0, 1});
    }
    for (size_t K = 0; K < IS.size(); ++K) {
      Run S = IS[K], D = ID[K];
      S.Start += SrcBase;
      D.Start += DstBase;
      Out.SrcRuns.push_back(S);
      Out.DstRuns.push_back(D);
    }
  }

  /// Strided runs whose blocks touch on both sides become one segment;
  /// then empty runs that no longer separate two bundles go.
  void finish() {
    std::vector<Run> &S = Out.SrcRuns, &D = Out.DstRuns;
    for (size_t K = 0; K < S.size(); ++K)
      if (S[K].Count > 1 && segment(S[K], D[K])) {
        S[K] = {S[K].Start, S[K].elements(), S[K].elements(), 1};
        D[K] = {D[K].Start, D[K].elements(), D[K].elements(), 1};
      }
    size_t Kept = 0;
    for (size_t K = 0; K < S.size(); ++K) {
      bool Needed = S[K].Length > 0 ||
                    (Kept > 0 && K + 1 < S.size() && S[Kept - 1].Count > 1 &&
                     S[Kept - 1].Count == S[K + 1].Count);
      if (!Needed)
        continue;
      S[Kept] = S[K];
      D[Kept] = D[K];
      ++Kept;
    }
    S.resize(Kept);
    D.resize(Kept);
  }

private:
  static bool segment(const Run &S, const Run &D) {
    return S.Count == 1 || (S.Stride == S.Length && D.Stride == D.Length);
  }

  void addSegment(Index S, Index D, Index Len) {
    if (Len == 0)
      return;
    if (Open) {
      Run &A = Out.SrcRuns.back(), &B = Out.DstRuns.back();
      if (A.Count == 1 && S == A.Start + A.Length && D == B.Start + B.Length) {
        A.Length += Len; // contiguous on both sides
        B.Length += Len;
        A.Stride = B.Stride = A.Length;
        return;
      }
      if (A.Length == Len) {
        if (A.Count == 1 && S - A.Start >= Len && D - B.Start >= Len) {
          A.Stride = S - A.Start;
          B.Stride = D - B.Start;
          A.Count = B.Count = 2;
          return;
        }
        if (A.Count > 1 && S == A.Start + A.Count * A.Stride &&
            D == B.Start + B.Count * B.Stride) {
          ++A.Count;
          ++B.Count;
          return;
        }
      }
    }
    Out.SrcRuns.push_back({S, Len, Len, 1});
    Out.DstRuns.push_back({D, Len, Len, 1});
    Open = true;
  }

  MessageRuns &Out;
  bool Open = false; ///< the last run is made of segments and may grow
};

} // namespace

void flattenRunsND(CommTableND &T, const DistributionND &Src,
                   const DistributionND &Dst, int Rank) {
  const int D = Src.rank();
  T.Table.Runs.assign(T.Table.Messages.size(), MessageRuns{});
  for (const CommTable &Dim : T.Dims)
    if (Dim.Runs.size() != Dim.Messages.size())
      throw PlanError("flattenRunsND needs a table computed with runs");
  for (size_t M = 0; M < T.Table.Messages.size(); ++M) {
    const Message &Msg = T.Table.Messages[M];
    if (Rank >= 0 && Msg.Src != Rank && Msg.Dst != Rank)
      continue;
    std::vector<Index> SS = stridesOf(Src.localExtents(Msg.Src)),
                       DS = stridesOf(Dst.localExtents(Msg.Dst));
    const std::vector<size_t> &Part = T.Parts[M];
    const MessageRuns &Inner = T.Dims[size_t(D - 1)].Runs[Part[size_t(D - 1)]];
    // The outer dimensions' elements, odometer over them (dimension 0
    // slowest).
    std::vector<std::vector<std::pair<Index, Index>>> Outer;
    for (int K = 0; K + 1 < D; ++K)
      Outer.push_back(pairsOf(T.Dims[size_t(K)].Runs[Part[size_t(K)]]));
    RowEmitter Emit(T.Table.Runs[M]);
    std::vector<size_t> Pos(Outer.size(), 0);
    bool Done = false;
    for (const auto &O : Outer)
      Done |= O.empty();
    while (!Done) {
      Index SB = 0, DB = 0;
      for (size_t K = 0; K < Outer.size(); ++K) {
        SB += Outer[K][Pos[K]].first * SS[K];
        DB += Outer[K][Pos[K]].second * DS[K];
      }
      Emit.row(Inner, SB, DB);
      size_t K = Outer.size();
      while (K > 0 && ++Pos[K - 1] == Outer[K - 1].size()) {
        Pos[K - 1] = 0;
        --K;
      }
      Done = K == 0;
    }
    Emit.finish();
  }
}

std::size_t runCount(const CommTable &T) {
  std::size_t N = 0;
  for (const MessageRuns &R : T.Runs)
    N += R.SrcRuns.size();
  return N;
}

} // namespace hpf::plan
