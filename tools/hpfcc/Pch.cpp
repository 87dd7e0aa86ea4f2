//===- tools/hpfcc/Pch.cpp - precompiled runtime header for rewritten code ===//
#include "Pch.h"

#include "../../codegen/RuntimeIncludes.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <system_error>
#include <unistd.h>

namespace fs = std::filesystem;

namespace hpfcc {
namespace {

/// The names of the macros the flags define or undefine (-DN=4, -D N,
/// -UDEBUG).
std::vector<std::string> flagMacros(const std::vector<std::string> &Flags) {
  std::vector<std::string> Names;
  for (std::size_t K = 0; K < Flags.size(); ++K) {
    const std::string &F = Flags[K];
    if (F == "-D" || F == "-U") {
      if (K + 1 < Flags.size())
        Names.push_back(hpf::codegen::macroName(Flags[++K]));
    } else if (F.rfind("-D", 0) == 0 || F.rfind("-U", 0) == 0) {
      Names.push_back(hpf::codegen::macroName(std::string_view(F).substr(2)));
    }
  }
  return Names;
}

/// What codegen/Rewrite.cpp puts at the top of every rewritten file with
/// these flags.
std::string runtimeIncludes(const PchRequest &R) {
  return hpf::codegen::runtimeIncludes(flagMacros(R.Flags));
}

/// PCHs kept at most; each is ~13 MB. Older ones go first.
constexpr std::size_t MaxKept = 16;

struct Fnv1a {
  std::uint64_t H = 14695981039346656037ull;
  void add(const std::string &S) {
    for (unsigned char C : S) {
      H ^= C;
      H *= 1099511628211ull;
    }
    H ^= 0xff; // separator: {"ab","c"} and {"a","bc"} differ
    H *= 1099511628211ull;
  }
};

void addFile(Fnv1a &K, const fs::path &P) {
  std::error_code EC;
  K.add(P.string());
  auto Size = fs::file_size(P, EC);
  K.add(EC ? "?" : std::to_string(Size));
  auto Time = fs::last_write_time(P, EC);
  K.add(EC ? "?" : std::to_string(Time.time_since_epoch().count()));
}

std::string keyOf(const PchRequest &R) {
  Fnv1a K;
  K.add(runtimeIncludes(R));
  std::error_code EC;
  fs::path Cxx = R.Cxx;
  if (Cxx.is_relative() && Cxx.string().find('/') == std::string::npos) {
    // A bare name: the one PATH finds.
    if (const char *Path = std::getenv("PATH")) {
      std::string Dirs = Path;
      for (std::size_t B = 0; B <= Dirs.size();) {
        std::size_t E = std::min(Dirs.find(':', B), Dirs.size());
        fs::path C = fs::path(Dirs.substr(B, E - B)) / Cxx;
        if (access(C.c_str(), X_OK) == 0) {
          Cxx = C;
          break;
        }
        B = E + 1;
      }
    }
  }
  fs::path Real = fs::canonical(Cxx, EC);
  addFile(K, EC ? Cxx : Real);
  for (const std::string &F : R.Flags)
    K.add(F);
  for (const std::string &I : R.Includes)
    K.add(I);
  std::vector<fs::path> Headers;
  for (auto It = fs::recursive_directory_iterator(R.RuntimeDir, EC);
       !EC && It != fs::recursive_directory_iterator(); It.increment(EC))
    if (It->is_regular_file() && It->path().extension() == ".h")
      Headers.push_back(It->path());
  std::sort(Headers.begin(), Headers.end());
  for (const fs::path &H : Headers)
    addFile(K, H);
  char Hex[17];
  std::snprintf(Hex, sizeof Hex, "%016llx",
                static_cast<unsigned long long>(K.H));
  return Hex;
}

/// Keeps the newest MaxKept PCHs; never one written in the last ten
/// minutes, which a parallel build may be about to load.
void evict(const fs::path &Dir) {
  std::error_code EC;
  std::vector<std::pair<fs::file_time_type, fs::path>> Pchs;
  for (const auto &E : fs::directory_iterator(Dir, EC))
    if (E.path().extension() == ".pch")
      Pchs.emplace_back(E.last_write_time(EC), E.path());
  if (Pchs.size() <= MaxKept)
    return;
  std::sort(Pchs.begin(), Pchs.end());
  auto Recent = fs::file_time_type::clock::now() - std::chrono::minutes(10);
  for (std::size_t I = 0; I + MaxKept < Pchs.size(); ++I)
    if (Pchs[I].first < Recent) {
      fs::remove(Pchs[I].second, EC);
      fs::path H = Pchs[I].second;
      fs::remove(H.replace_extension(".h"), EC);
    }
}

} // namespace

std::string pchCacheDir() {
  if (const char *D = std::getenv("HPFCC_CACHE_DIR"); D && *D)
    return D;
  if (const char *D = std::getenv("XDG_CACHE_HOME"); D && *D)
    return (fs::path(D) / "hpfcc").string();
  if (const char *D = std::getenv("HOME"); D && *D)
    return (fs::path(D) / ".cache/hpfcc").string();
  return "";
}

std::string pchUnsuitable(const PchRequest &R) {
  if (const char *E = std::getenv("HPFCC_PCH"); E && std::string(E) == "0")
    return "HPFCC_PCH=0";
  if (fs::path(R.Cxx).filename().string().find("clang") == std::string::npos)
    return R.Cxx + " is not clang";
  for (const std::string &F : R.Flags)
    for (const char *Bad : {"-include", "-imacros", "-x", "-Xclang", "-E",
                            "-emit-", "-fmodules", "-save-temps"})
      if (F.rfind(Bad, 0) == 0)
        return F + " changes what the runtime header means";
  if (pchCacheDir().empty())
    return "no cache directory (set HPFCC_CACHE_DIR)";
  return "";
}

std::string
runtimePch(const PchRequest &R,
           const std::function<int(const std::vector<std::string> &)> &Run) {
  fs::path Dir = fs::path(pchCacheDir()) / "pch";
  std::error_code EC;
  fs::create_directories(Dir, EC);
  if (EC)
    return "";
  std::string Key = keyOf(R);
  fs::path Pch = Dir / (Key + ".pch");
  if (fs::exists(Pch, EC))
    return Pch.string();
  // Parallel builds may race to make the same PCH: each writes its own
  // temporary and renames it into place (atomic; the last one wins).
  // The header's content depends on nothing, so a racing rewrite of it
  // changes no byte; -fno-pch-timestamp keeps its time out of the check.
  fs::path Header = Dir / (Key + ".h");
  std::string Pid = std::to_string(getpid());
  if (!fs::exists(Header, EC)) {
    fs::path TmpHeader = Dir / (Key + "." + Pid + ".h.tmp");
    {
      std::ofstream H(TmpHeader);
      if (!(H << runtimeIncludes(R)))
        return "";
    }
    fs::rename(TmpHeader, Header, EC);
    if (EC)
      return "";
  }
  fs::path TmpPch = Dir / (Key + "." + Pid + ".pch.tmp");
  // -fpch-instantiate-templates: the runtime's templates are instantiated
  // once here rather than in every compile (0.85 -> 0.54 CPU s for
  // examples/elements.cpp).
  std::vector<std::string> Cmd = {R.Cxx,        "-x",
                                  "c++-header", "-fpch-instantiate-templates",
                                  "-Xclang",    "-fno-pch-timestamp"};
  for (const std::string &I : R.Includes)
    Cmd.insert(Cmd.end(), {"-I", I});
  Cmd.insert(Cmd.end(), R.Flags.begin(), R.Flags.end());
  Cmd.insert(Cmd.end(), {Header.string(), "-o", TmpPch.string()});
  if (Run(Cmd) != 0) {
    fs::remove(TmpPch, EC);
    return "";
  }
  fs::rename(TmpPch, Pch, EC);
  if (EC)
    return "";
  evict(Dir);
  return Pch.string();
}

} // namespace hpfcc
