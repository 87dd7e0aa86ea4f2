//===- mpi/Runs.cpp - copying elements described by index runs ------------===//

#include "mpi/Runs.h"

#include <algorithm>
#include <cstring>

namespace hpf::rt {

namespace {

/// Count blocks of Len elements: block c from S + c*SStride to
/// D + c*DStride (strides and lengths in elements of ES bytes).
template <std::size_t ES>
void blocks(char *D, Index DStride, const char *S, Index SStride, Index Len,
            Index Count) {
  if (Count == 1 || (DStride == Len && SStride == Len)) {
    std::memcpy(D, S, std::size_t(Len * Count) * ES);
    return;
  }
  if (Len == 1) {
    for (Index C = 0; C < Count; ++C)
      std::memcpy(D + C * DStride * Index(ES), S + C * SStride * Index(ES), ES);
    return;
  }
  if (Len * Index(ES) >= 128) {
    for (Index C = 0; C < Count; ++C)
      std::memcpy(D + C * DStride * Index(ES), S + C * SStride * Index(ES),
                  std::size_t(Len) * ES);
    return;
  }
  for (Index C = 0; C < Count; ++C) {
    char *DB = D + C * DStride * Index(ES);
    const char *SB = S + C * SStride * Index(ES);
    for (Index K = 0; K < Len; ++K)
      std::memcpy(DB + K * Index(ES), SB + K * Index(ES), ES);
  }
}

void blocksAny(char *D, Index DStride, const char *S, Index SStride, Index Len,
               Index Count, std::size_t ES) {
  switch (ES) {
  case 1:
    return blocks<1>(D, DStride, S, SStride, Len, Count);
  case 2:
    return blocks<2>(D, DStride, S, SStride, Len, Count);
  case 4:
    return blocks<4>(D, DStride, S, SStride, Len, Count);
  case 8:
    return blocks<8>(D, DStride, S, SStride, Len, Count);
  case 16:
    return blocks<16>(D, DStride, S, SStride, Len, Count);
  default:
    break;
  }
  Index E = Index(ES);
  for (Index C = 0; C < Count; ++C)
    std::memcpy(D + C * DStride * E, S + C * SStride * E,
                std::size_t(Len) * ES);
}

/// Visits elements [First, Last) of parallel run lists as pieces of whole
/// or partial blocks: F(srcRun, dstRun, element offset inside the run,
/// elements) where the piece starts at a block boundary or inside one block
/// and is either inside one block or whole blocks.
template <class Fn>
void forRange(const std::vector<Run> &Runs, Index First, Index Last, Fn F) {
  Index Base = 0;
  for (std::size_t R = 0; R < Runs.size() && Base < Last; ++R) {
    const Run &Ru = Runs[R];
    Index E = Ru.elements();
    Index A = std::max(First - Base, Index(0)), B = std::min(Last - Base, E);
    Base += E;
    if (A >= B)
      continue;
    F(R, A, B);
  }
}

/// Splits [A, B) of a run of block length Len into (block, offset, length)
/// pieces: a partial head, whole blocks, a partial tail.
template <class Piece> void splitRun(Index Len, Index A, Index B, Piece P) {
  Index C0 = A / Len, O0 = A % Len;
  if (O0 != 0) {
    Index N = std::min(Len - O0, B - A);
    P(C0, O0, N, Index(1));
    A += N;
    ++C0;
  }
  Index Whole = (B - A) / Len;
  if (Whole > 0) {
    P(C0, Index(0), Len, Whole);
    A += Whole * Len;
    C0 += Whole;
  }
  if (A < B)
    P(C0, Index(0), B - A, Index(1));
}

} // namespace

void copyRuns(const std::vector<Run> &SrcRuns, const char *Src,
              const std::vector<Run> &DstRuns, char *Dst, std::size_t ES,
              Index First, Index Last) {
  const Index E = Index(ES);
  forRange(SrcRuns, First, Last, [&](std::size_t R, Index A, Index B) {
    const Run &S = SrcRuns[R], &D = DstRuns[R];
    splitRun(S.Length, A, B, [&](Index C, Index Off, Index Len, Index Cnt) {
      blocksAny(Dst + (D.Start + C * D.Stride + Off) * E, D.Stride,
                Src + (S.Start + C * S.Stride + Off) * E, S.Stride, Len, Cnt,
                ES);
    });
  });
}

void packRuns(const std::vector<Run> &Runs, const char *Src, char *Buf,
              std::size_t ES, Index First, Index Last) {
  const Index E = Index(ES);
  Index Out = 0;
  forRange(Runs, First, Last, [&](std::size_t R, Index A, Index B) {
    const Run &S = Runs[R];
    splitRun(S.Length, A, B, [&](Index C, Index Off, Index Len, Index Cnt) {
      blocksAny(Buf + Out * E, Len, Src + (S.Start + C * S.Stride + Off) * E,
                S.Stride, Len, Cnt, ES);
      Out += Len * Cnt;
    });
  });
}

void unpackRuns(const std::vector<Run> &Runs, char *Dst, const char *Buf,
                std::size_t ES, Index First, Index Last) {
  const Index E = Index(ES);
  Index In = 0;
  forRange(Runs, First, Last, [&](std::size_t R, Index A, Index B) {
    const Run &D = Runs[R];
    splitRun(D.Length, A, B, [&](Index C, Index Off, Index Len, Index Cnt) {
      blocksAny(Dst + (D.Start + C * D.Stride + Off) * E, D.Stride,
                Buf + In * E, Len, Len, Cnt, ES);
      In += Len * Cnt;
    });
  });
}

bool contiguousStart(const std::vector<Run> &Runs, Index *Start) {
  if (Runs.empty())
    return false;
  Index Next = Runs.front().Start;
  for (const Run &R : Runs) {
    if (R.Start != Next || (R.Count > 1 && R.Stride != R.Length))
      return false;
    Next = R.Start + R.elements();
  }
  *Start = Runs.front().Start;
  return true;
}

} // namespace hpf::rt
