//===- analysis/effects/IoCalls.h - replicated I/O --------------*- C++ -*-===//
//
// Replicated code's I/O goes through the runtime (runtime/mpi/ReplicatedIo.h):
// rank 0 does each operation for every rank. Two parts need to know which
// calls and variables that is: codegen/IoEmitter.cpp rewrites them, and the
// effects analysis (effects/Effects.h) reports the I/O a function does, so
// that an independent loop calling it is rejected or warned about (the
// ranks run different iterations there and would not meet in rank 0's
// operation). One classification serves both.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_ANALYSIS_IOCALLS_H
#define HPF_ANALYSIS_IOCALLS_H

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace clang {
class SourceManager;
} // namespace clang

namespace hpf::analysis {

enum class IoKind { None, Output, Input, File, Unsupported };

/// What a C library function does with the standard streams or files.
IoKind cIoFunction(llvm::StringRef Name);

/// The runtime's replacement of a standard stream variable (std::cout ->
/// "hpf::out()", stdin -> "hpf::in_file()", ...), or "".
llvm::StringRef standardStreamReplacement(const clang::VarDecl *VD);

} // namespace hpf::analysis

#endif // HPF_ANALYSIS_IOCALLS_H
