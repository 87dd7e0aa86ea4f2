//===- analysis/effects/IoCalls.cpp - what code does with replicated I/O --===//
#include "effects/IoCalls.h"

#include "Expressions.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"


using namespace clang;

namespace hpf::analysis {

IoKind cIoFunction(StringRef N) {
  return llvm::StringSwitch<IoKind>(N)
      .Cases("printf", "vprintf", "puts", "putchar", "perror", IoKind::Output)
      .Cases("scanf", "vscanf", "getchar", IoKind::Input)
      .Cases("fopen", "tmpfile", "remove", "rename", IoKind::File)
      .Cases("freopen", "fdopen", "popen", "tmpnam", IoKind::Unsupported)
      .Default(IoKind::None);
}

StringRef standardStreamReplacement(const VarDecl *VD) {
  if (!VD->getIdentifier())
    return "";
  StringRef N = VD->getName();
  if (VD->isInStdNamespace())
    return llvm::StringSwitch<StringRef>(N)
        .Case("cout", "hpf::out()")
        .Cases("cerr", "clog", "hpf::err()")
        .Case("cin", "hpf::in()")
        .Default("");
  if (VD->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return llvm::StringSwitch<StringRef>(N)
        .Case("stdin", "hpf::in_file()")
        .Case("stdout", "hpf::out_file()")
        .Case("stderr", "hpf::err_file()")
        .Default("");
  return "";
}

} // namespace hpf::analysis
