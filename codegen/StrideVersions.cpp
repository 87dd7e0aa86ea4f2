//===- codegen/StrideVersions.cpp - nests versioned on constant strides ---===//
//
// The LoopEmitter members (codegen/LoopEmitter.h) that give a nest a second
// version with compile-time row strides. A rank-2 array whose second
// dimension is distributed has a run-time row stride (its local extent),
// so the nest's inner loops address it as `P[x * e1 + y]`: a column walk
// (`B[i][j] += A[j][i]`, A (*, block)) stays scalar where the sequential
// build, whose `double A[N][N]` has the constant stride N, vectorises it.
// When the dimension is not divided at run time (one rank, or one grid
// column) the local extent is the extent, a constant; the nest becomes a
// lambda over the pointers and strides of those arrays, called with
// hpfcc::rows / hpfcc::stride (runtime/hpfcc/strides.h) when every such
// stride has its constant value, else with the run-time ones:
//
//   { <prologue> auto __hpf_nest7 = [&](const auto __hpf_A7,
//         const auto __hpf_A7_e1) __attribute__((always_inline)) {
//       <the nest> };
//     if (__hpf_A7_e1 == 120)
//       __hpf_nest7(hpfcc::rows<double, 120>(__hpf_A7),
//                   hpfcc::stride<120>());
//     else __hpf_nest7(__hpf_A7, __hpf_A7_e1); <epilogue> }
//
// The elements' text is the same in both versions (localElement); only
// their types differ. A halo read through runs (halo_split) joins the
// constant version when every run reads the array's storage in place (one
// rank): hpfcc::rows_halo's views are rows of the constant length, their
// storage stated separate from the written arrays' (no overlap check per
// row). Nests whose body would mean something else inside a
// lambda (static locals, labels, __func__) keep one version.
//
//===----------------------------------------------------------------------===//
#include "LoopEmitter.h"

#include "../analysis/Expressions.h"

#include <algorithm>
#include <set>

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace hpf::codegen {

std::vector<const DistArray *> LoopEmitter::strideVersioned() const {
  std::vector<const DistArray *> Out;
  if (analysis::lambdaUnsafe(E.Ctx, L.outer()))
    return Out;
  for (const LoopAccess &El : L.Accesses) {
    const DistArray *A = El.Array;
    if (El.Kind != LoopAccess::Local || A->rank() != 2 ||
        std::find(Out.begin(), Out.end(), A) != Out.end())
      continue;
    // The constant stride: the second dimension's extent, where the
    // pointer's stride is its run-time local extent (localExtent() is not
    // already the constant) and the array's own storage is addressed.
    const bool MayRealign =
        std::find(L.CheckAligned.begin(), L.CheckAligned.end(), A) !=
        L.CheckAligned.end();
    if (MayRealign || A->Inherited || A->Vector ||
        L.Realigned.count(const_cast<DistArray *>(A)) || A->Extents[1] <= 0 ||
        localExtent(A, 1) == std::to_string(A->Extents[1]))
      continue;
    Out.push_back(A);
  }
  return Out;
}

/// The split halos (rank 2, rows of a constant length) read through
/// hpfcc::rows_halo in the constant version: at one rank every run reads
/// the array's storage in place, with the constant row stride.
std::vector<const DistArray *> LoopEmitter::strideVersionedHalos() const {
  std::vector<const DistArray *> Out;
  if (analysis::lambdaUnsafe(E.Ctx, L.outer()))
    return Out;
  for (const DistArray *A : Split)
    if (A->rank() == 2 && A->Extents[1] > 0 &&
        !L.Halos.at(const_cast<DistArray *>(A)).Tiles) // read through tiles
      Out.push_back(A);
  return Out;
}

std::string LoopEmitter::strideVersionHead() const {
  const std::vector<const DistArray *> &As = StrideArrays, &Hs = StrideHalos;
  if (As.empty() && Hs.empty())
    return "";
  std::string Params;
  auto Add = [&](const std::string &P) {
    Params += (Params.empty() ? "" : ", ") + P;
  };
  for (const DistArray *A : As) {
    const std::string Ptr = name("__hpf_", A);
    Add("const auto " + Ptr + ", const auto " + Ptr + "_e1");
  }
  for (const DistArray *A : Hs)
    Add("const auto &" + name("__hpf_halo_", A));
  return " auto __hpf_nest" + Id + " = [&](" + Params +
         ") __attribute__((always_inline)) {";
}

std::string LoopEmitter::strideVersionTail() const {
  const std::vector<const DistArray *> &As = StrideArrays, &Hs = StrideHalos;
  if (As.empty() && Hs.empty())
    return "";
  std::string Cond, Fixed, General;
  auto Add = [](std::string &S, const std::string &Sep, const std::string &P) {
    S += (S.empty() ? "" : Sep) + P;
  };
  for (const DistArray *A : As) {
    const std::string Ptr = name("__hpf_", A);
    const std::string N = std::to_string(A->Extents[1]);
    Add(Cond, " && ", Ptr + "_e1 == " + N);
    Add(Fixed, ", ",
        "hpfcc::rows<" + A->ElemType + ", " + N + ">(" + Ptr +
            "), hpfcc::stride<" + N + ">()");
    Add(General, ", ", Ptr + ", " + Ptr + "_e1");
  }
  // The written arrays' local pointers, which no halo's storage overlaps
  // (a split halo's array is not written in the nest).
  std::string Written;
  std::set<const DistArray *> Seen;
  for (const LoopAccess &El : L.Accesses)
    if (El.Kind == LoopAccess::Local && !El.Array->Inherited &&
        L.Written.count(El.Array) && Seen.insert(El.Array).second &&
        !L.Realigned.count(El.Array))
      Written += ", " + name("__hpf_", El.Array);
  for (const DistArray *A : Hs) {
    const std::string H = name("__hpf_halo_", A);
    const std::string N = std::to_string(A->Extents[1]);
    Add(Cond, " && ", "hpfcc::rows_fit<" + N + ">(" + H + ")");
    Add(Fixed, ", ", "hpfcc::rows_halo_of<" + N + ">(" + H + Written + ")");
    Add(General, ", ", H);
  }
  const std::string Nest = "__hpf_nest" + Id;
  return " }; if (" + Cond + ") " + Nest + "(" + Fixed + "); else " + Nest +
         "(" + General + ");";
}

} // namespace hpf::codegen
