//===- tools/hpfcc/Deps.h - make-style dependency output of hpfcc ---------===//
//
// hpfcc compiles a source in two steps: clang with the plugin reads the
// user's file and writes a rewritten copy to a temporary directory, then the
// back-end compiler compiles that copy. A dependency file written by either
// step alone is wrong for a build system: the first misses the runtime
// headers the rewritten code includes, the second names the temporary copy
// (deleted when hpfcc exits), so every later build would recompile. hpfcc
// therefore asks each step for its own dependency file and merges the two
// into the one the user asked for (-M, -MM, -MD, -MMD, -MF, -MT, -MQ, -MP),
// dropping everything under DropDirs (the temporary directory, the
// precompiled runtime header's cache).
//
//===----------------------------------------------------------------------===//
#ifndef HPFCC_DEPS_H
#define HPFCC_DEPS_H

#include <string>
#include <vector>

namespace hpfcc {

/// What the user asked for with the -M family of options.
struct DepOptions {
  enum Kind { None, Only, Side }; ///< none; -M/-MM (no compile); -MD/-MMD
  Kind Mode = None;
  bool System = true; ///< false for -MM/-MMD: leave out system headers
  bool Phony = false; ///< -MP
  std::string File;   ///< -MF, empty: default name
  /// -MT/-MQ/-MG as given, e.g. {"-MT", "x.o", "-MG"}: passed to the step
  /// that reads the user's source, which names the rule's targets.
  std::vector<std::string> TargetFlags;
  /// Every -M option as given, for hpfcc -E (no rewriting).
  std::vector<std::string> Raw;

  /// Takes Argv[I] (and its value, advancing I) if it is a -M option.
  /// Returns false if it is not; sets Error if a value is missing.
  bool consume(int Argc, char **Argv, int &I, std::string &Error);
  /// Flags for one step: write a dependency file to DepFile whose rule has
  /// the user's targets, or DefaultTarget if none was given; OnlyDeps asks
  /// for the dependencies alone (-M/-MM: no other output).
  std::vector<std::string> stepFlags(const std::string &DepFile,
                                     const std::string &DefaultTarget,
                                     bool OnlyDeps) const;
};

/// Merges the rules in First (the step that read the user's source; its
/// targets win) and Second (the back-end step, may be empty), drops every
/// file under TempDir, and writes the result to Out ("-": stdout), with a
/// phony rule per dependency but the first if Phony. Returns an error
/// message, empty on success.
std::string mergeDependencies(const std::string &First,
                              const std::string &Second,
                              const std::vector<std::string> &DropDirs,
                              bool Phony, const std::string &Out);

} // namespace hpfcc

#endif
