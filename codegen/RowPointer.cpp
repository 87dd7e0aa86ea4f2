//===- codegen/RowPointer.cpp - a row passed as a pointer in a nest -------===//
//
// A row the iteration owns (analysis/reads/RowArgs.cpp) becomes a pointer into
// the rank's local storage: the row-major offset of its first element (the
// local index of its subscripts, as for an element, times the strides of
// the dimensions it spans, which are `*`: local extent = extent):
//
//   scale(A[i], N, 2.0)  ->  scale((__hpf_A7 + (i + __hpf_seg7_0.off) *
//                                   __hpf_A7_e1), N, 2.0)
//
// A row of a rank-3 array `A[i]` points at rows itself:
// `reinterpret_cast<double (*)[M]>(...)`, the sequential type it decays
// to. localElement edits the tokens (nested rewrites compose).
//
//===----------------------------------------------------------------------===//
#include "LoopEmitter.h"

namespace hpf::codegen {

std::string LoopEmitter::rowAddress(const LoopAccess &El, std::string &LB,
                                    std::string &RB) const {
  const DistArray &A = *El.Array;
  const std::size_t K = El.Subs.Levels.size(), Rank = std::size_t(A.rank());
  const std::string Ptr = name("__hpf_", &A);
  std::string Strides;
  for (std::size_t Dm = K; Dm < Rank; ++Dm)
    Strides += " * " + Ptr + "_e" + std::to_string(Dm);
  LB = " + (";
  RB = ")" + Strides + ")";
  if (Rank - K < 2)
    return "(";
  std::string Cast = "reinterpret_cast<" + A.ElemType + " (*)";
  for (std::size_t Dm = K + 1; Dm < Rank; ++Dm)
    Cast += "[" + std::to_string(A.Extents[Dm]) + "]";
  return Cast + ">(";
}

} // namespace hpf::codegen
