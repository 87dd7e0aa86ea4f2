//===- tools/hpfcc/Pch.h - precompiled runtime header for rewritten code --===//
//
// Every rewritten file begins with the runtime's headers (mpi/hpfrt.h,
// hpfcc/loops.h, hpfcc/checks.h): some 88,000 lines of C++20 after
// preprocessing, which took about 1.8 s of the ~2 s a small file needs to
// compile. A clang precompiled header of them is made once per set of
// compile flags and kept in a cache directory; later compiles load it
// instead (-include-pch). The key hashes the compiler, the flags and the
// runtime headers (names, sizes, times), so a changed header or flag makes
// a new one; clang's own PCH checks stay on.
//
//===----------------------------------------------------------------------===//
#ifndef HPFCC_PCH_H
#define HPFCC_PCH_H

#include <functional>
#include <string>
#include <vector>

namespace hpfcc {

struct PchRequest {
  std::string Cxx;                   ///< the compiler of rewritten code
  std::vector<std::string> Flags;    ///< its flags, as for the source
  std::vector<std::string> Includes; ///< -I directories (runtime first)
  std::string RuntimeDir;            ///< headers whose changes matter
};

/// The cache directory ($HPFCC_CACHE_DIR, $XDG_CACHE_HOME/hpfcc or
/// ~/.cache/hpfcc), or "" when there is none.
std::string pchCacheDir();

/// Why a PCH cannot serve this compile ("" if it can): not clang, or flags
/// that change what the header means (-include, -x, -Xclang, ...).
std::string pchUnsuitable(const PchRequest &R);

/// The path of a PCH for R, built with Run on first use; "" if none could
/// be made (the compile then goes without, as before).
std::string
runtimePch(const PchRequest &R,
           const std::function<int(const std::vector<std::string> &)> &Run);

} // namespace hpfcc

#endif
