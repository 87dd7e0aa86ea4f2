//===- codegen/AlignedVersions.cpp - innermost loops versioned on alignment
//===//
//
// The LoopEmitter members (codegen/LoopEmitter.h) that give the innermost
// loop of a nest a second version whose arrays are known to be 16-byte
// aligned. The sequential build's `double A[N]` is aligned and indexed from
// 0, so its vector loop folds aligned loads into the arithmetic; the
// generated element `__hpf_A7[i + __hpf_seg7_0.off]` has a run-time offset,
// the alignment is unknown, and the loop gets unaligned loads grouped
// before the arithmetic: 1.25x the sequential loop's time on Zen 5
// (loop1d, tools/kernel-bench). Per segment, the user's loop becomes a lambda over the pointers
// of the rank-1 arrays it addresses through that segment, called with the
// pointers rebased at the segment's first element and assumed aligned when they
// are (hpfcc::vector_aligned: whenever the loop starts at a block's first
// element), else with the pointers as they are:
//
//   for (const hpfcc::segment __hpf_seg7_0 : ...) {
//     auto __hpf_inner7 = [&](const auto __hpf_A7, const auto __hpf_B7,
//         const hpfcc::segment __hpf_seg7_0) __attribute__((always_inline)) {
//       for (int i = __hpf_seg7_0.lo; ...) <elements as before> };
//     const auto __hpf_at7 = __hpf_seg7_0.lo + __hpf_seg7_0.off;
//     if (hpfcc::vector_aligned(__hpf_A7 + __hpf_at7, __hpf_B7 + __hpf_at7))
//       __hpf_inner7(hpfcc::assume_vector_aligned(__hpf_A7 + __hpf_at7), ...,
//                    hpfcc::rebased(__hpf_seg7_0));
//     else __hpf_inner7(__hpf_A7, __hpf_B7, __hpf_seg7_0); }
//
// The elements' text is the same in both versions: with the rebased
// segment (off = -lo) `__hpf_A7[i + off]` is element i - lo of the rebased
// pointer, which the optimiser keeps deriving from the aligned value
// (shadowing the pointer by `aligned(p + k) - k` instead folds back to p).
// Only rank-1 arrays are rebased, so the version exists only when every
// element addressed through the innermost segment is of one of them.
//
//===----------------------------------------------------------------------===//
#include "LoopEmitter.h"

#include "../analysis/Expressions.h"

#include <algorithm>

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/Type.h"

using namespace clang;

namespace hpf::codegen {
namespace {

/// The element type of a distributed array's declaration: `T A[N]`,
/// `T (&A)[N]`, `T *A` (a parameter) or `std::vector<T> A`.
QualType elementType(const ASTContext &Ctx, const DistArray *A) {
  QualType T = A->Var->getType().getNonReferenceType();
  if (T->isArrayType())
    return Ctx.getBaseElementType(T);
  if (T->isPointerType())
    return T->getPointeeType();
  if (const auto *S = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
          T->getAsCXXRecordDecl());
      S && S->getTemplateArgs().size() > 0 &&
      S->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
    return S->getTemplateArgs()[0].getAsType();
  return QualType();
}

/// Elements a vector loop loads several to a register: arithmetic, and
/// narrower than the alignment (wider ones gain nothing).
bool vectorElement(const ASTContext &Ctx, const DistArray *A) {
  const QualType T = elementType(Ctx, A);
  return !T.isNull() && T->isArithmeticType() && !T->isDependentType() &&
         Ctx.getTypeSizeInChars(T).getQuantity() < 16;
}

} // namespace

std::vector<const DistArray *> LoopEmitter::alignedVersioned() const {
  const std::size_t K = L.Levels.size() - 1;
  const NestLevel &Lv = L.Levels[K];
  // A cyclic(1) level has no unit-stride loop to align: it runs strided.
  if (!segmented(K) || !Lv.unitUp() || Lv.Strided || !Split.empty() ||
      !L.Fetched.empty() || analysis::lambdaUnsafe(E.Ctx, Lv.For))
    return {};
  auto ThroughInner = [&](const LoopAccess &El) {
    return std::find(El.Segment.begin(), El.Segment.end(), int(K)) !=
           El.Segment.end();
  };
  std::vector<const DistArray *> Out;
  for (const LoopAccess &El : L.Accesses) {
    if (El.Kind != LoopAccess::Local || !ThroughInner(El) ||
        std::find(Out.begin(), Out.end(), El.Array) != Out.end())
      continue;
    // An element of a higher rank through the innermost segment would
    // see the rebased offset with its pointer as it is.
    if (El.Array->rank() != 1)
      return {};
    Out.push_back(El.Array);
  }
  // A rebased pointer must be addressed only through the rebased segment.
  for (const LoopAccess &El : L.Accesses)
    if (El.Kind == LoopAccess::Local && !ThroughInner(El) &&
        std::find(Out.begin(), Out.end(), El.Array) != Out.end())
      return {};
  // Worth a second copy of the loop only for vector loads.
  if (std::none_of(Out.begin(), Out.end(),
                   [&](const DistArray *A) { return vectorElement(E.Ctx, A); }))
    return {};
  return Out;
}

std::string LoopEmitter::alignedVersionHead() const {
  if (Aligned.empty())
    return "";
  std::string Params;
  for (const DistArray *A : Aligned)
    Params += "const auto " + name("__hpf_", A) + ", ";
  return "{ auto __hpf_inner" + Id + " = [&](" + Params +
         "const hpfcc::segment " + segment(int(L.Levels.size() - 1)) +
         ") __attribute__((always_inline)) { ";
}

std::string LoopEmitter::alignedVersionTail() const {
  if (Aligned.empty())
    return "";
  const std::string Seg = segment(int(L.Levels.size() - 1));
  const std::string At = "__hpf_at" + Id;
  std::string Test, Rebased, AsIs;
  for (const DistArray *A : Aligned) {
    const std::string Ptr = name("__hpf_", A);
    const std::string Sep = Test.empty() ? "" : ", ";
    Test += Sep + Ptr + " + " + At;
    Rebased += "hpfcc::assume_vector_aligned(" + Ptr + " + " + At + "), ";
    AsIs += Ptr + ", ";
  }
  const std::string Inner = "__hpf_inner" + Id;
  return " }; const auto " + At + " = " + Seg + ".lo + " + Seg +
         ".off; if (hpfcc::vector_aligned(" + Test + ")) " + Inner + "(" +
         Rebased + "hpfcc::rebased(" + Seg + ")); else " + Inner + "(" + AsIs +
         Seg + "); }";
}

} // namespace hpf::codegen
