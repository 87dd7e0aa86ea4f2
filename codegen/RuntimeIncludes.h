//===- codegen/RuntimeIncludes.h - rewritten code's includes -*- C++ -*-===//
//
// What the code generator puts at the top of every rewritten file, and what
// the driver precompiles (tools/hpfcc/Pch.cpp): one text for both. The
// runtime's headers are shielded from the user's command-line macros: with
// `hpfcc -DN=1000 f.cpp` (the usual way to set a problem size) a macro N
// would otherwise rewrite every `N` in the runtime's headers. Each such
// macro is saved, undefined around the includes and restored after them
// (#pragma push_macro / pop_macro), so the user's code sees it as given.
// Reserved names (a leading underscore: the C++ library's and the system's
// configuration, _GLIBCXX_ASSERTIONS, _GNU_SOURCE) and NDEBUG keep their
// effect on the headers, as in any program. Standard library only: the
// driver includes it too.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_CODEGEN_RUNTIMEINCLUDES_H
#define HPF_CODEGEN_RUNTIMEINCLUDES_H

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace hpf::codegen {

/// The name of a command-line macro definition `NAME`, `NAME=value` or
/// `NAME(args)=value`.
inline std::string macroName(std::string_view Definition) {
  return std::string(Definition.substr(0, Definition.find_first_of("=(")));
}

/// Whether the runtime's headers are shielded from a user macro of this
/// name.
inline bool shieldedMacro(std::string_view Name) {
  return !Name.empty() && Name.front() != '_' && Name != "NDEBUG";
}

/// The include block, shielded from the macros named (duplicates and
/// unshielded names are skipped).
inline std::string runtimeIncludes(const std::vector<std::string> &Macros) {
  std::vector<std::string> Names;
  for (const std::string &M : Macros)
    if (shieldedMacro(M) && std::find(Names.begin(), Names.end(), M) ==
                                Names.end()) // a -D given twice
      Names.push_back(M);
  std::string Out;
  for (const std::string &M : Names)
    Out += "#pragma push_macro(\"" + M + "\")\n#undef " + M + "\n";
  Out += "#include \"mpi/hpfrt.h\"\n"
         "#include \"hpfcc/loops.h\"\n"
         "#include \"hpfcc/checks.h\"\n";
  for (auto It = Names.rbegin(); It != Names.rend(); ++It)
    Out += "#pragma pop_macro(\"" + *It + "\")\n";
  return Out;
}

} // namespace hpf::codegen

#endif // HPF_CODEGEN_RUNTIMEINCLUDES_H
