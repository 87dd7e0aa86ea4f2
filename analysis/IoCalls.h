//===- analysis/IoCalls.h - what code does with replicated I/O --*- C++ -*-===//
//
// Replicated code's I/O goes through the runtime (runtime/mpi/ReplicatedIo.h):
// rank 0 does each operation for every rank. Two passes need to know which
// calls and variables that is: codegen/IoEmitter.cpp rewrites them, and the
// loop analysis (LoopBody.cpp) rejects or warns about a function called in an
// independent loop whose body (replicated code) does such I/O, since there
// the ranks run different iterations and would not meet in rank 0's
// operation. One classification serves both.
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

/// The replicated I/O a function of the main file performs, directly or
/// through the functions of the main file it calls: the first input or file
/// operation (collective: rank 0 does it and shares the outcome) if there
/// is one, else the first output. Kind None if neither.
struct IoReached {
  IoKind Kind = IoKind::None;
  clang::SourceLocation Loc; ///< the operation, in the main file
  std::string What;          ///< its name, e.g. "scanf", "std::cout"
};
IoReached ioReachedThrough(const clang::FunctionDecl *FD,
                           const clang::SourceManager &SM);

} // namespace hpf::analysis

#endif // HPF_ANALYSIS_IOCALLS_H
