//===- plan/CopyShares.cpp - who copies what on one shared-memory node ----===//

#include "plan/CopyShares.h"

#include <algorithm>
#include <numeric>

namespace hpf::plan {

namespace {

__extension__ typedef unsigned __int128 Wide;

/// P rounded down to whole periods of the runs' leading bundle (runs with
/// the block count of the first run), when P falls inside that bundle: the
/// ranks then split messages between periods, where block-cyclic runs
/// start on the same cache lines as in the other parts.
Index roundDown(const std::vector<Run> &Runs, Index P) {
  if (Runs.empty() || Runs.front().Count <= 1)
    return P;
  Index Count = Runs.front().Count, Per = 0;
  for (const Run &R : Runs) {
    if (R.Count != Count)
      break;
    Per += R.Length;
  }
  return P < Per * Count ? P / Per * Per : P;
}

/// Element position in a message of Size elements for the fraction X / C
/// of its destination: monotone in X, 0 at 0, Size at C.
Index splitPoint(const std::vector<Run> &Runs, Index Size, Index X, Index C) {
  if (X >= C)
    return Size;
  return roundDown(Runs, Index(Wide(X) * Wide(Size) / Wide(C)));
}

/// True when writing these runs shares few granules (pages) with
/// neighbouring runs of other messages: at most one granule in 16 is a
/// boundary granule that another rank may write too.
bool granuleSafe(const std::vector<Run> &Runs, std::size_t ES,
                 std::size_t Granule) {
  // Byte offsets in 128 bits: a run of 2^62 elements has 2^65 bytes.
  Wide Boundary = 0, Granules = 0;
  const Wide E = ES, G = std::max<std::size_t>(Granule, 1);
  for (const Run &R : Runs) {
    Wide Bytes = Wide(R.Length) * E;
    bool Aligned = (Wide(R.Start) * E) % G == 0 && Bytes % G == 0 &&
                   (R.Count <= 1 || (Wide(R.Stride) * E) % G == 0);
    Granules += Wide(R.Count) * (Bytes / G + 1);
    if (!Aligned)
      Boundary += 2 * Wide(R.Count);
  }
  return Boundary * 16 <= Granules;
}

struct Assignment {
  int Dst;
  std::size_t Msg;
  Index First, Last;
};

} // namespace

std::vector<std::vector<CopyPiece>> shareCopies(const CommTable &T, int Ranks,
                                                const CopyShareOptions &O) {
  std::vector<std::vector<CopyPiece>> Pieces(std::size_t(std::max(Ranks, 0)));
  const std::size_t NM = T.Messages.size();
  const int Q = T.Q;
  Index Total = 0;
  std::vector<std::vector<std::size_t>> Into(std::size_t(std::max(Q, 0)));
  std::vector<Index> Count(Into.size(), 0);
  for (std::size_t M = 0; M < NM; ++M) {
    const Message &X = T.Messages[M];
    Into[std::size_t(X.Dst)].push_back(M);
    if (X.Size < 0 || __builtin_add_overflow(Total, X.Size, &Total))
      throw PlanError("copy shares: message sizes do not add up to a 64-bit "
                      "element count");
    Count[std::size_t(X.Dst)] += X.Size;
  }
  if (Total == 0 || Ranks <= 0)
    return Pieces;
  auto Runs = [&](std::size_t M) -> const std::vector<Run> & {
    return T.Runs[M].DstRuns;
  };
  auto Size = [&](std::size_t M) { return T.Messages[M].Size; };

  // 1. Pull: the destination's owner copies [0, Cut[M]) of every message.
  std::vector<Index> Load(std::size_t(Ranks), 0), Cut(NM);
  for (std::size_t M = 0; M < NM; ++M) {
    Cut[M] = Size(M);
    Load[std::size_t(T.Messages[M].Dst)] += Size(M);
  }
  const Index Share = (Total + Ranks - 1) / Ranks;

  // 2. Push: tails of messages into overloaded destinations go to their
  // sources, largest messages first.
  std::vector<std::size_t> BySize(NM);
  std::iota(BySize.begin(), BySize.end(), std::size_t(0));
  std::stable_sort(
      BySize.begin(), BySize.end(),
      [&](std::size_t A, std::size_t B) { return Size(A) > Size(B); });
  for (std::size_t M : BySize) {
    const Message &X = T.Messages[M];
    if (X.Src == X.Dst)
      continue;
    Index Over = Load[std::size_t(X.Dst)] - Share;
    Index Room = Share - Load[std::size_t(X.Src)];
    if (Over <= 0 || Room <= 0 ||
        !granuleSafe(Runs(M), O.ElemSize, O.GranuleBytes))
      continue;
    Index Amount = std::min({Over, Room, Size(M)});
    Cut[M] = roundDown(Runs(M), Size(M) - Amount);
    Index Moved = Size(M) - Cut[M];
    Load[std::size_t(X.Dst)] -= Moved;
    Load[std::size_t(X.Src)] += Moved;
  }

  // Every rank's assignments: the pushed tails first.
  std::vector<std::vector<Assignment>> Work(static_cast<std::size_t>(Ranks));
  for (std::size_t M = 0; M < NM; ++M)
    if (Cut[M] < Size(M))
      Work[std::size_t(T.Messages[M].Src)].push_back(
          {T.Messages[M].Dst, M, Cut[M], Size(M)});

  // 3. Help: each destination's pulled elements, cut at fractions of the
  // destination into stretches: the owner keeps up to its share, ranks
  // with room take the rest.
  for (int D = 0; D < Q; ++D) {
    const auto &In = Into[std::size_t(D)];
    const Index C = Count[std::size_t(D)];
    if (In.empty())
      continue;
    // Pulled elements of D below fraction X / C (monotone in X).
    auto Below = [&](Index X) {
      Index S = 0;
      for (std::size_t M : In)
        S += std::min(splitPoint(Runs(M), Size(M), X, C), Cut[M]);
      return S;
    };
    // The least X with Below(X) >= Target.
    auto FractionFor = [&](Index Target) {
      Index Lo = 0, Hi = C;
      while (Lo < Hi) {
        Index Mid = Lo + (Hi - Lo) / 2;
        if (Below(Mid) >= Target)
          Hi = Mid;
        else
          Lo = Mid + 1;
      }
      return Lo;
    };
    auto Assign = [&](int Rank, Index XA, Index XB) {
      for (std::size_t M : In) {
        Index F = std::min(splitPoint(Runs(M), Size(M), XA, C), Cut[M]);
        Index L = std::min(splitPoint(Runs(M), Size(M), XB, C), Cut[M]);
        if (F < L)
          Work[std::size_t(Rank)].push_back({D, M, F, L});
      }
    };
    const Index Pulled = Below(C);
    Index Excess = std::min(Load[std::size_t(D)] - Share, Pulled);
    Index X = 0, Done = 0; // fraction handed out so far, and its elements
    if (Excess > 0) {
      Index Keep = Pulled - Excess;
      X = FractionFor(Keep);
      Done = Below(X);
      Assign(D, 0, X);
      Load[std::size_t(D)] -= Pulled - Done;
      for (int U = 0; U < Ranks && X < C; ++U) {
        Index Room = Share - Load[std::size_t(U)];
        if (U == D || Room <= 0)
          continue;
        Index Y = FractionFor(std::min(Pulled, Done + Room));
        if (Y <= X)
          continue;
        Index Got = Below(Y) - Done;
        Assign(U, X, Y);
        Load[std::size_t(U)] += Got;
        Done += Got;
        X = Y;
      }
      Load[std::size_t(D)] += Pulled - Done;
    }
    Assign(D, X, C); // the rest (everything when D is not overloaded)
  }

  // Pieces: per destination, the rank's assignments interleaved in slices
  // of the destination; adjacent parts of one message merge.
  const Index Slice = std::max<Index>(
      1, Index(O.SliceBytes / std::max<std::size_t>(O.ElemSize, 1)));
  for (int R = 0; R < Ranks; ++R) {
    auto &A = Work[std::size_t(R)];
    std::stable_sort(
        A.begin(), A.end(),
        [](const Assignment &X, const Assignment &Y) { return X.Dst < Y.Dst; });
    auto &Out = Pieces[std::size_t(R)];
    for (std::size_t B = 0; B < A.size();) {
      std::size_t E = B;
      while (E < A.size() && A[E].Dst == A[B].Dst)
        ++E;
      const Index C = Count[std::size_t(A[B].Dst)];
      // At most 2^24 slices per destination (2^39 doubles at the default
      // slice): a count no node holds keeps the loop finite.
      const Index DSlice = std::max(Slice, C / (Index(1) << 24) + 1);
      // Y is saturated: with C near INT64_MAX, X + DSlice would wrap and
      // the loop would never end.
      for (Index X = 0, Y = 0; X < C; X = Y) {
        Y = std::min(C, addOrSaturate(X, DSlice));
        for (std::size_t I = B; I < E; ++I) {
          const Assignment &W = A[I];
          Index F =
              std::max(W.First, splitPoint(Runs(W.Msg), Size(W.Msg), X, C));
          Index L =
              std::min(W.Last, splitPoint(Runs(W.Msg), Size(W.Msg), Y, C));
          if (F >= L)
            continue;
          if (!Out.empty() && Out.back().Msg == W.Msg && Out.back().Last == F)
            Out.back().Last = L;
          else
            Out.push_back({W.Msg, F, L});
        }
      }
      B = E;
    }
  }
  return Pieces;
}

} // namespace hpf::plan
