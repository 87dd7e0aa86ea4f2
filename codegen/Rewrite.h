//===- codegen/Rewrite.h - the rewritten program ----------------*- C++ -*-===//
//
// Turns an analysed translation unit into C++ that uses the MPI runtime
// (runtime/mpi/hpfrt.h): processor arrangements and distributed arrays
// become hpf::processors / hpf::darray objects, redistribute a runtime call
// (with constant plan tables when the plan is static), independent loops
// owner-computes loops over the rank's owned segments, reductions combine
// across ranks, and output of replicated code goes through rank 0.
//
// Every edit keeps the line structure of the user's file, and the output
// starts with `#line 1 "<file>"` after the runtime include, so diagnostics
// and debuggers point at the user's lines.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_CODEGEN_REWRITE_H
#define HPF_CODEGEN_REWRITE_H

#include "../analysis/Analyzer.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace hpf::codegen {

/// The rewritten main file. Never called when the analysis failed.
/// Macros: the names of the command-line macros (-D, -U), which the
/// runtime's includes are shielded from (RuntimeIncludes.h).
std::string rewrite(clang::ASTContext &Ctx, const pragma::PragmaState &State,
                    const analysis::Program &P,
                    const std::vector<std::string> &Macros = {});

} // namespace hpf::codegen

#endif // HPF_CODEGEN_REWRITE_H
