//===- mpi/CopyKernel.cpp - the copy kernel: elements by index runs -------===//

#include "mpi/CopyKernel.h"

#include <algorithm>
#include <cstring>

namespace hpf::rt {

namespace {

enum class Mode { Copy, Pack, Unpack };

/// Copies Len elements of ES bytes; short lengths (and 8: cyclic(8)) get
/// fixed-size copies.
template <std::size_t ES>
inline void copyElems(char *D, const char *S, Index Len) {
  switch (Len) {
  case 1:
    std::memcpy(D, S, ES);
    return;
  case 2:
    std::memcpy(D, S, 2 * ES);
    return;
  case 3:
    std::memcpy(D, S, 3 * ES);
    return;
  case 4:
    std::memcpy(D, S, 4 * ES);
    return;
  case 8:
    std::memcpy(D, S, 8 * ES);
    return;
  default:
    std::memcpy(D, S, std::size_t(Len) * ES);
  }
}

/// Count blocks of a fixed Bytes each, strides in bytes.
template <std::size_t Bytes>
void fixedBlocks(char *D, Index DStep, const char *S, Index SStep,
                 Index Count) {
  for (Index C = 0; C < Count; ++C, D += DStep, S += SStep)
    std::memcpy(D, S, Bytes);
}

/// Count blocks of Len elements of ES bytes, block c from S + c*SS to
/// D + c*DS (strides in bytes). The length is the same for every block, so
/// the common short ones are dispatched once, outside the loop (a memcpy
/// call per 64-byte block of cyclic(8) cost more than the copy).
template <std::size_t ES>
void stridedBlocks(char *D, Index DS, const char *S, Index SS, Index Len,
                   Index Count) {
  switch (Len) {
  case 1:
    return fixedBlocks<ES>(D, DS, S, SS, Count);
  case 2:
    return fixedBlocks<2 * ES>(D, DS, S, SS, Count);
  case 3:
    return fixedBlocks<3 * ES>(D, DS, S, SS, Count);
  case 4:
    return fixedBlocks<4 * ES>(D, DS, S, SS, Count);
  case 5:
    return fixedBlocks<5 * ES>(D, DS, S, SS, Count);
  case 6:
    return fixedBlocks<6 * ES>(D, DS, S, SS, Count);
  case 8:
    return fixedBlocks<8 * ES>(D, DS, S, SS, Count);
  case 16:
    return fixedBlocks<16 * ES>(D, DS, S, SS, Count);
  default:
    for (Index C = 0; C < Count; ++C)
      std::memcpy(D + C * DS, S + C * SS, std::size_t(Len) * ES);
  }
}

/// Count blocks of Len elements: block c from S + c*SStride to
/// D + c*DStride (strides and lengths in elements of ES bytes).
template <std::size_t ES>
void blocks(char *D, Index DStride, const char *S, Index SStride, Index Len,
            Index Count) {
  if (Count == 1 || (DStride == Len && SStride == Len)) {
    std::memcpy(D, S, std::size_t(Len * Count) * ES);
    return;
  }
  stridedBlocks<ES>(D, DStride * Index(ES), S, SStride * Index(ES), Len, Count);
}

/// One run of a bundle, in bytes.
struct Lane {
  Index Len;             ///< elements per block
  Index SrcOff, SrcStep; ///< byte offset of block 0 and byte stride
  Index DstOff, DstStep;
};

/// Whole periods [CA, CB) of a bundle of lanes with one step per side
/// (the runs of one period of a block-cyclic redistribution) and short
/// lanes: per period, one fixed-size copy per group of 4, 2 or 1 elements
/// of a lane, from a table of byte offsets in address order (a lane of 3
/// elements of cyclic(4) -> cyclic(3) is one 16-byte and one 8-byte copy).
/// Measured on one core over rank 0's share of a 2-rank redistribution,
/// against one 8-byte copy per element from two offset tables (the
/// previous kernel): cyclic(8) -> cyclic(6), 1 MiB: 22-23 us against 33 us;
/// cyclic(4) -> cyclic(3): 32-35 us against 33-35 us at 1 MiB, 5.3-6.2 ms
/// against 6.1-6.7 ms at 64 MiB. Three tables, one per group size, were as
/// fast on one core but slower in 2-rank shm runs (0.10 against 0.083 ms
/// at 1 MiB), where half the lines come from the other core: that order
/// jumps back inside a period. False when the bundle does not fit (then
/// the caller copies lane by lane).
template <std::size_t ES, Mode M>
bool groupedLanes(const std::vector<Lane> &Lanes, const char *Src, char *Dst,
                  Index CA, Index CB, Index Per, Index SeqBytes) {
  // Long lanes are better served by one memcpy each.
  constexpr Index MaxPer = 512, MaxAvgLen = 16;
  const Index E = Index(ES);
  if (Per > MaxPer || Per > MaxAvgLen * Index(Lanes.size()))
    return false;
  const Index SStep = Lanes[0].SrcStep, DStep = Lanes[0].DstStep;
  for (const Lane &L : Lanes)
    if ((M != Mode::Unpack && L.SrcStep != SStep) ||
        (M != Mode::Pack && L.DstStep != DStep))
      return false;
  struct Group {
    Index S, D, W; // byte offsets, elements (4, 2 or 1)
  };
  static thread_local std::vector<Group> G; // reused: no allocation
  G.clear();
  Index K = 0;
  for (const Lane &L : Lanes)
    for (Index J = 0; J < L.Len;) {
      Index W = L.Len - J >= 4 ? 4 : L.Len - J >= 2 ? 2 : 1;
      G.push_back({M == Mode::Unpack ? K * E : L.SrcOff + J * E,
                   M == Mode::Pack ? K * E : L.DstOff + J * E, W});
      J += W;
      K += W;
    }
  const char *S = M == Mode::Unpack ? Src + SeqBytes : Src + CA * SStep;
  char *D = M == Mode::Pack ? Dst + SeqBytes : Dst + CA * DStep;
  const Index SInc = M == Mode::Unpack ? Per * E : SStep;
  const Index DInc = M == Mode::Pack ? Per * E : DStep;
  const Group *GP = G.data();
  const std::size_t NG = G.size();
  for (Index C = CA; C < CB; ++C, S += SInc, D += DInc)
    for (std::size_t I = 0; I < NG; ++I) {
      const Group &X = GP[I];
      if (X.W == 4)
        std::memcpy(D + X.D, S + X.S, 4 * ES);
      else if (X.W == 2)
        std::memcpy(D + X.D, S + X.S, 2 * ES);
      else
        std::memcpy(D + X.D, S + X.S, ES);
    }
  return true;
}

/// Whole periods [CA, CB) of a multi-run bundle: per period, one short copy
/// per lane, with running pointers (the hot loop of block-cyclic
/// redistributions). SeqBytes is the packed-buffer byte offset of period CA.
template <std::size_t ES, Mode M>
void wholePeriods(const std::vector<Lane> &Lanes, const char *Src, char *Dst,
                  Index CA, Index CB, Index Per, Index SeqBytes, Index E) {
  constexpr std::size_t MaxLanes = 16;
  std::size_t NL = Lanes.size();
  if (ES != 0 && groupedLanes < ES ? ES : 1,
      M > (Lanes, Src, Dst, CA, CB, Per, SeqBytes))
    return;
  if (NL > MaxLanes || ES == 0) {
    for (Index C = CA; C < CB; ++C) {
      Index Seq = SeqBytes + (C - CA) * Per * E;
      for (const Lane &L : Lanes) {
        const char *From =
            M == Mode::Unpack ? Src + Seq : Src + L.SrcOff + C * L.SrcStep;
        char *To = M == Mode::Pack ? Dst + Seq : Dst + L.DstOff + C * L.DstStep;
        std::memcpy(To, From, std::size_t(L.Len * E));
        Seq += L.Len * E;
      }
    }
    return;
  }
  // Per lane: offset inside the period's packed slice (Pack/Unpack) or the
  // lane's own base, and its length.
  const char *SP[MaxLanes];
  char *DP[MaxLanes];
  Index Len[MaxLanes], PackOff[MaxLanes];
  Index Off = 0;
  for (std::size_t I = 0; I < NL; ++I) {
    const Lane &L = Lanes[I];
    SP[I] = Src + L.SrcOff + CA * L.SrcStep;
    DP[I] = Dst + L.DstOff + CA * L.DstStep;
    Len[I] = L.Len;
    PackOff[I] = Off;
    Off += L.Len * E;
  }
  // All lanes of a bundle share their step on each side (runs of one
  // period); fall back to per-lane steps otherwise.
  Index SStep = Lanes[0].SrcStep, DStep = Lanes[0].DstStep;
  bool Uniform = true;
  for (const Lane &L : Lanes)
    Uniform &= (M == Mode::Unpack || L.SrcStep == SStep) &&
               (M == Mode::Pack || L.DstStep == DStep);
  const Index PerBytes = Per * E;
  const char *Packed = Src + SeqBytes;
  char *PackedOut = Dst + SeqBytes;
  for (Index C = CA; C < CB; ++C) {
    for (std::size_t I = 0; I < NL; ++I) {
      const char *From = M == Mode::Unpack ? Packed + PackOff[I] : SP[I];
      char *To = M == Mode::Pack ? PackedOut + PackOff[I] : DP[I];
      copyElems<ES ? ES : 1>(To, From, Len[I]);
    }
    if (Uniform) {
      for (std::size_t I = 0; I < NL; ++I) {
        SP[I] += SStep;
        DP[I] += DStep;
      }
    } else {
      for (std::size_t I = 0; I < NL; ++I) {
        SP[I] += Lanes[I].SrcStep;
        DP[I] += Lanes[I].DstStep;
      }
    }
    Packed += PerBytes;
    PackedOut += PerBytes;
  }
}

/// Walks elements [First, Last) of parallel run lists in the element order
/// of the runtime's packed messages (see CopyKernel.h) and copies them: run
/// over run (Copy), run to a sequential buffer (Pack) or back (Unpack).
template <std::size_t ES, Mode M>
void walk(const std::vector<Run> &Shape, const std::vector<Run> *SR,
          const char *Src, const std::vector<Run> *DR, char *Dst, Index First,
          Index Last, std::size_t EsDyn) {
  const Index E = ES ? Index(ES) : Index(EsDyn);
  Index Base = 0, Seq = 0; // Seq: position in the packed buffer (elements)
  static thread_local std::vector<Lane> Lanes; // reused: no allocation per call
  for (std::size_t R = 0; R < Shape.size() && Base < Last;) {
    // A bundle: consecutive runs with the same block count, walked period
    // by period, so one pass over memory serves all of them.
    std::size_t R2 = R + 1;
    Index Per = Shape[R].Length, Count = Shape[R].Count;
    if (Count > 1)
      while (R2 < Shape.size() && Shape[R2].Count == Count)
        Per += Shape[R2++].Length;
    Index Total = Per * Count;
    Index A = std::max(First - Base, Index(0)),
          B = std::min(Last - Base, Total);
    if (A < B) {
      Lanes.clear();
      for (std::size_t Q = R; Q < R2; ++Q) {
        Lane L{Shape[Q].Length, 0, 0, 0, 0};
        if (M != Mode::Unpack) {
          L.SrcOff = (*SR)[Q].Start * E;
          L.SrcStep = (*SR)[Q].Stride * E;
        }
        if (M != Mode::Pack) {
          L.DstOff = (*DR)[Q].Start * E;
          L.DstStep = (*DR)[Q].Stride * E;
        }
        Lanes.push_back(L);
      }
      Seq = Base + A; // packed position of the first element
      // One period, clamped to [A, B) (partial first/last periods).
      auto Period = [&](Index C, bool Whole) {
        Index PStart = C * Per, Off = 0;
        for (const Lane &L : Lanes) {
          Index Lo = 0, Hi = L.Len;
          if (!Whole) {
            Lo = std::max(A - PStart - Off, Index(0));
            Hi = std::min(B - PStart - Off, L.Len);
          }
          Off += L.Len;
          if (Lo >= Hi)
            continue;
          Index N = Hi - Lo;
          const char *From = M == Mode::Unpack
                                 ? Src + (Seq - First) * E
                                 : Src + L.SrcOff + C * L.SrcStep + Lo * E;
          char *To = M == Mode::Pack ? Dst + (Seq - First) * E
                                     : Dst + L.DstOff + C * L.DstStep + Lo * E;
          if constexpr (ES != 0)
            copyElems<ES>(To, From, N);
          else
            std::memcpy(To, From, std::size_t(N * E));
          Seq += N;
        }
      };
      Index CA = (A + Per - 1) / Per, CB = B / Per; // whole periods [CA, CB)
      if (CA > CB) {                                // [A, B) inside one period
        Period(A / Per, false);
      } else {
        if (A < CA * Per)
          Period(A / Per, false);
        if (CA < CB && Lanes.size() == 1) {
          // One run: a strided block copy over all whole periods at once.
          const Lane &L = Lanes.front();
          Index Cnt = CB - CA, Len = L.Len;
          const char *From = M == Mode::Unpack
                                 ? Src + (Seq - First) * E
                                 : Src + L.SrcOff + CA * L.SrcStep;
          char *To = M == Mode::Pack ? Dst + (Seq - First) * E
                                     : Dst + L.DstOff + CA * L.DstStep;
          Index SStep = M == Mode::Unpack ? Len : L.SrcStep / E;
          Index DStep = M == Mode::Pack ? Len : L.DstStep / E;
          if constexpr (ES != 0)
            blocks<ES>(To, DStep, From, SStep, Len, Cnt);
          else
            for (Index C = 0; C < Cnt; ++C)
              std::memcpy(To + C * DStep * E, From + C * SStep * E,
                          std::size_t(Len * E));
          Seq += Cnt * Len;
        } else {
          wholePeriods<ES, M>(Lanes, Src, Dst, CA, CB, Per, (Seq - First) * E,
                              E);
          Seq += (CB - CA) * Per;
        }
        if (CB * Per < B && CB >= CA)
          Period(CB, false);
      }
    }
    Base += Total;
    R = R2;
  }
}

template <Mode M>
void dispatch(const std::vector<Run> &Shape, const std::vector<Run> *SR,
              const char *Src, const std::vector<Run> *DR, char *Dst,
              std::size_t ES, Index First, Index Last) {
  switch (ES) {
  case 4:
    return walk<4, M>(Shape, SR, Src, DR, Dst, First, Last, ES);
  case 8:
    return walk<8, M>(Shape, SR, Src, DR, Dst, First, Last, ES);
  case 16:
    return walk<16, M>(Shape, SR, Src, DR, Dst, First, Last, ES);
  default:
    return walk<0, M>(Shape, SR, Src, DR, Dst, First, Last, ES);
  }
}

} // namespace

void copyRuns(const std::vector<Run> &SrcRuns, const char *Src,
              const std::vector<Run> &DstRuns, char *Dst, std::size_t ES,
              Index First, Index Last) {
  dispatch<Mode::Copy>(SrcRuns, &SrcRuns, Src, &DstRuns, Dst, ES, First, Last);
}

void packRuns(const std::vector<Run> &Runs, const char *Src, char *Buf,
              std::size_t ES, Index First, Index Last) {
  dispatch<Mode::Pack>(Runs, &Runs, Src, nullptr, Buf, ES, First, Last);
}

void unpackRuns(const std::vector<Run> &Runs, char *Dst, const char *Buf,
                std::size_t ES, Index First, Index Last) {
  dispatch<Mode::Unpack>(Runs, nullptr, Buf, &Runs, Dst, ES, First, Last);
}

bool contiguousStart(const std::vector<Run> &Runs, Index *Start) {
  if (Runs.empty())
    return false;
  Index Next = Runs.front().Start;
  for (std::size_t I = 1; I < Runs.size(); ++I)
    if (Runs[I].Count > 1 && Runs[I].Count == Runs[I - 1].Count)
      return false; // a multi-run bundle is walked period by period
  for (const Run &R : Runs) {
    if (R.Start != Next || (R.Count > 1 && R.Stride != R.Length))
      return false;
    Next = R.Start + R.elements();
  }
  *Start = Runs.front().Start;
  return true;
}

} // namespace hpf::rt
