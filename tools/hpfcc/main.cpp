//===- tools/hpfcc/main.cpp - the hpfcc compiler driver -------------------===//
//
// hpfcc compiles C++ with `#pragma hpf` directives into an MPI program, in
// the mould of mpicxx:
//
//   hpfcc [flags] a.cpp b.cpp x.o -o prog     rewrite, compile and link
//   hpfcc -c a.cpp [-o a.o]                   rewrite and compile
//   hpfcc --hpf-emit-source a.cpp             rewritten source to stdout
//
// Each source is first rewritten by clang with the hpf plugin
// (-fsyntax-only -fplugin=libHpfPlugin.so), then the rewritten file is
// compiled with the include paths of the runtime and MPICH, and everything
// is linked with hpfrt, hpfplan and MPICH. The plugin, headers and
// libraries are found relative to the hpfcc executable, in the build tree
// (bin/hpfcc, lib/libHpfPlugin.so) and in an installed tree (bin/hpfcc,
// lib/hpfcc/libHpfPlugin.so, include/, lib/). HPFCC_CXX overrides the
// compiler used after rewriting (default: the clang++ the plugin was built
// for; g++ works too).
//
//===----------------------------------------------------------------------===//
#include "Config.h"
#include "Deps.h"
#include "Pch.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

const char *Usage = R"(usage: hpfcc [options] file... [-o output]

Compiles C++ with HPF directives (#pragma hpf processors / distribute /
dynamic / redistribute / independent) into an MPI program; run it with
mpiexec.mpich -n N ./output.

hpfcc options:
  --hpf-emit-source      print the rewritten C++ to stdout (or to -o FILE)
  -Rhpf, -Rpass=hpf      remarks: static or run-time plan and why, steps,
                         cost and lower bound, removed redistributions, loops
  --hpf-scheduler=NAME   scheduler for compile-time plans (default auto);
                         also -fplugin-arg-hpf-scheduler=NAME
  --hpf-reproducible-sums
                         floating-point reduction(+: ...) loops add exactly:
                         the same bits at every rank count (see
                         docs/compiler.md, "Reductions"); also
                         -fplugin-arg-hpf-reproducible-sums
  --hpf-whole-program    the file is the whole program (no other file of
                         it names its global variables): index arrays of
                         external linkage may then keep their listing of
                         needed elements across a loop. Implied when hpfcc
                         compiles and links one source without -l; also
                         -fplugin-arg-hpf-whole-program
  --hpf-keep-temps       keep the rewritten sources (printed with -v)
  --hpf-no-pch           do not use the precompiled runtime header (made
                         once per compiler and flags, kept in
                         $HPFCC_CACHE_DIR, else ~/.cache/hpfcc; also
                         HPFCC_PCH=0)
  --hpf-launch CXX ...   (first option) compile with CXX after rewriting:
                         hpfcc as a build system's compiler launcher
  --print-include-dir    print the directory of hpf.h and the runtime's
                         headers, for the sequential build of code that
                         includes <hpf.h>: -I $(hpfcc --print-include-dir)
  -v                     print the commands hpfcc runs
  --help, --version

hpfcc defines __HPFCC__ (both steps) and puts the runtime's headers on the
include path, so `#include <hpf.h>` gives hpf::number_of_processors() (HPF's
NUMBER_OF_PROCESSORS()) and hpf::my_processor(), which are 1 and 0 in the
sequential build. In directives, `number_of_processors()` needs no header.

Dependency files (-M, -MM, -MD, -MMD, -MF, -MT, -MQ, -MP) name the
user's source and headers and the runtime headers, as for any compiler.
hpfcc needs -std=c++20 or later (the default).

Other options are passed on: -c, -o, -I, -D, -U, -std=, -O, -g, -W..., -f...
to the compiler, -l, -L, -Wl,..., -pthread, -fsanitize=... to the linker.
Sources: .cpp .cc .cxx .C .c++; other inputs (.o .a .so) are linked.
Environment: HPFCC_CXX (compiler after rewriting), HPFCC_CLANG (clang++
that loads the plugin).
)";

struct Layout {
  std::string Plugin;
  std::vector<std::string> Includes; ///< runtime (with hpfcc/), MPI
  std::vector<std::string> Libs;     ///< hpfrt, hpfplan, MPI
};

std::string exeDir() {
  std::error_code EC;
  fs::path P = fs::read_symlink("/proc/self/exe", EC);
  return EC ? std::string(".") : P.parent_path().string();
}

std::optional<Layout> findLayout(std::string &Why) {
  fs::path Bin = exeDir();
  fs::path Root = Bin.parent_path();
  Layout L;
  if (fs::exists(Root / "lib/hpfcc/libHpfPlugin.so")) { // installed
    L.Plugin = (Root / "lib/hpfcc/libHpfPlugin.so").string();
    L.Includes = {(Root / "include").string()};
    L.Libs = {(Root / "lib/libhpfrt.a").string(),
              (Root / "lib/libhpfplan.a").string()};
  } else if (fs::exists(Root / "lib/libHpfPlugin.so")) { // build tree
    L.Plugin = (Root / "lib/libHpfPlugin.so").string();
    L.Includes.assign(std::begin(HPFCC_BUILD_INCLUDES),
                      std::end(HPFCC_BUILD_INCLUDES));
    L.Libs = {(Root / "lib/libhpfrt.a").string(),
              (Root / "lib/libhpfplan.a").string()};
  } else {
    Why = "cannot find libHpfPlugin.so next to " + Bin.string() +
          " (looked in ../lib/hpfcc and ../lib)";
    return std::nullopt;
  }
  for (const std::string &Lib : L.Libs)
    if (!fs::exists(Lib)) {
      Why = "missing runtime library " + Lib;
      return std::nullopt;
    }
  for (const char *I : HPFCC_MPI_INCLUDES)
    L.Includes.push_back(I);
  for (const char *Lib : HPFCC_MPI_LIBS)
    L.Libs.push_back(Lib);
  return L;
}

bool Verbose = false;

int run(const std::vector<std::string> &Argv) {
  if (Verbose) {
    for (std::size_t I = 0; I < Argv.size(); ++I)
      std::cerr << (I ? " " : "") << Argv[I];
    std::cerr << "\n";
  }
  std::vector<char *> Args;
  for (const std::string &A : Argv)
    Args.push_back(const_cast<char *>(A.c_str()));
  Args.push_back(nullptr);
  std::cout.flush();
  std::fflush(stdout);
  pid_t Pid = fork();
  if (Pid < 0) {
    std::cerr << "hpfcc: error: fork failed: " << std::strerror(errno) << "\n";
    return 1;
  }
  if (Pid == 0) {
    execvp(Args[0], Args.data());
    std::fprintf(stderr, "hpfcc: error: cannot run %s: %s\n", Args[0],
                 std::strerror(errno));
    _exit(127);
  }
  int Status = 0;
  while (waitpid(Pid, &Status, 0) < 0)
    if (errno != EINTR)
      return 1;
  if (WIFEXITED(Status))
    return WEXITSTATUS(Status);
  return 128 + (WIFSIGNALED(Status) ? WTERMSIG(Status) : 0);
}

bool isSource(const std::string &A) {
  static const char *Exts[] = {".cpp", ".cc", ".cxx", ".C", ".c++", ".cp"};
  for (const char *E : Exts) {
    std::size_t N = std::strlen(E);
    if (A.size() > N && A.compare(A.size() - N, N, E) == 0)
      return true;
  }
  return false;
}

bool startsWith(const std::string &S, const char *P) {
  return S.rfind(P, 0) == 0;
}

/// Options that take their value as the next argument.
bool takesValue(const std::string &A) {
  static const char *Opts[] = {
      "-I", "-D", "-U",       "-include", "-isystem", "-iquote", "-idirafter",
      "-L", "-l", "-Xlinker", "-x",       "-imacros", "-Xclang"};
  for (const char *O : Opts)
    if (A == O)
      return true;
  return false;
}

bool isLinkFlag(const std::string &A) {
  return startsWith(A, "-l") || startsWith(A, "-L") || startsWith(A, "-Wl,") ||
         A == "-Xlinker" || startsWith(A, "-static") || A == "-shared" ||
         A == "-rdynamic" || A == "-pthread" || startsWith(A, "-fsanitize") ||
         startsWith(A, "-fuse-ld") || A == "-pie" || A == "-no-pie" ||
         A == "-fopenmp" || A == "-g" || startsWith(A, "-flto");
}

/// True for a -std= of a C++ standard before C++20 (c++17, gnu++14, ...).
bool isBeforeCxx20(const std::string &A) {
  std::string V;
  if (startsWith(A, "-std="))
    V = A.substr(5);
  else if (startsWith(A, "--std="))
    V = A.substr(6);
  else
    return false;
  for (const char *Prefix : {"c++", "gnu++"})
    if (startsWith(V, Prefix)) {
      static const char *Old[] = {"98", "03", "0x", "11",
                                  "1y", "14", "1z", "17"};
      std::string Year = V.substr(std::strlen(Prefix));
      for (const char *O : Old)
        if (Year == O)
          return true;
    }
  return false;
}

/// True if the rewritten file includes the runtime (codegen/Rewrite.cpp
/// puts it first, after the macros it shields it from and before the
/// `#line 1` of the user's text), so that the precompiled runtime header
/// can replace it.
bool includesRuntime(const std::string &Rewritten) {
  std::ifstream In(Rewritten);
  std::string Line;
  while (std::getline(In, Line) && Line.rfind("#line ", 0) != 0)
    if (Line == "#include \"mpi/hpfrt.h\"")
      return true;
  return false;
}

/// Name of File with its extension replaced by Ext ("x/a.o" -> "x/a.d").
std::string withExtension(const std::string &File, const char *Ext) {
  return fs::path(File).replace_extension(Ext).string();
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<std::string> Sources, Inputs, CompileFlags, LinkFlags, Plugin;
  std::string Output, Error;
  bool WholeProgram = false;
  hpfcc::DepOptions Deps;
  bool CompileOnly = false, EmitSource = false, KeepTemps = false,
       Preprocess = false, SyntaxOnly = false, UsePch = true;
  // CXX_COMPILER_LAUNCHER of hpfcc_add_executable: the target's compiler
  // follows, then its arguments.
  std::string LaunchCxx;
  int First = 1;
  if (Argc >= 3 && std::string(Argv[1]) == "--hpf-launch") {
    LaunchCxx = Argv[2];
    First = 3;
  }
  for (int I = First; I < Argc; ++I) {
    std::string A = Argv[I];
    if (A == "--help" || A == "-help" || A == "-h") {
      std::cout << Usage;
      return 0;
    }
    if (A == "--version") {
      std::cout << "hpfcc " << HPFCC_VERSION << " (clang plugin for LLVM "
                << HPFCC_LLVM_VERSION << ")\n";
      return 0;
    }
    if (A == "--print-include-dir") {
      // For the sequential build of code that includes <hpf.h>.
      std::string Why;
      std::optional<Layout> L = findLayout(Why);
      if (!L) {
        std::cerr << "hpfcc: error: " << Why << "\n";
        return 1;
      }
      std::cout << L->Includes.front() << "\n";
      return 0;
    }
    if (A == "-v") {
      Verbose = true;
    } else if (A == "--hpf-emit-source") {
      EmitSource = true;
    } else if (A == "--hpf-keep-temps") {
      KeepTemps = true;
    } else if (A == "--hpf-no-pch") {
      UsePch = false;
    } else if (A == "-Rhpf" || A == "-Rpass=hpf" || A == "--hpf-remarks") {
      Plugin.push_back("-fplugin-arg-hpf-remarks");
    } else if (startsWith(A, "--hpf-scheduler=")) {
      Plugin.push_back("-fplugin-arg-hpf-scheduler=" + A.substr(16));
    } else if (A == "--hpf-reproducible-sums") {
      Plugin.push_back("-fplugin-arg-hpf-reproducible-sums");
    } else if (A == "--hpf-whole-program") {
      WholeProgram = true;
    } else if (startsWith(A, "-fplugin-arg-hpf-")) {
      Plugin.push_back(A);
    } else if (startsWith(A, "--hpf")) {
      std::cerr << "hpfcc: error: unknown option '" << A
                << "' (see hpfcc --help)\n";
      return 1;
    } else if (A == "-c") {
      CompileOnly = true;
    } else if (A == "-E") {
      Preprocess = true;
      CompileFlags.push_back(A);
    } else if (A == "-fsyntax-only") {
      SyntaxOnly = true;
    } else if (A == "-o") {
      if (I + 1 >= Argc) {
        std::cerr << "hpfcc: error: -o needs a file name\n";
        return 1;
      }
      Output = Argv[++I];
    } else if (startsWith(A, "-o") && A.size() > 2) {
      Output = A.substr(2);
    } else if (Deps.consume(Argc, Argv, I, Error)) {
      if (!Error.empty()) {
        std::cerr << "hpfcc: error: " << Error << "\n";
        return 1;
      }
    } else if (takesValue(A)) {
      if (I + 1 >= Argc) {
        std::cerr << "hpfcc: error: " << A << " needs a value\n";
        return 1;
      }
      std::string V = Argv[++I];
      auto &Dst = (A == "-L" || A == "-l" || A == "-Xlinker") ? LinkFlags
                                                              : CompileFlags;
      Dst.push_back(A);
      Dst.push_back(V);
    } else if (!A.empty() && A[0] == '-') {
      (isLinkFlag(A) ? LinkFlags : CompileFlags).push_back(A);
      if (A == "-g" || startsWith(A, "-fsanitize") || A == "-pthread" ||
          startsWith(A, "-flto") || A == "-fopenmp")
        CompileFlags.push_back(A); // both steps
    } else if (isSource(A)) {
      Sources.push_back(A);
    } else {
      Inputs.push_back(A);
    }
  }
  if (Sources.empty() && Inputs.empty()) {
    std::cerr << "hpfcc: error: no input files (see hpfcc --help)\n";
    return 1;
  }
  // One source, linked with nothing of the user's (no object, archive or
  // -l): no other file can name its variables. -fsyntax-only and
  // --hpf-emit-source without -c describe that build.
  if (!CompileOnly && Sources.size() == 1 && Inputs.empty() &&
      std::none_of(LinkFlags.begin(), LinkFlags.end(),
                   [](const std::string &F) { return F.rfind("-l", 0) == 0; }))
    WholeProgram = true;
  if (WholeProgram)
    Plugin.push_back("-fplugin-arg-hpf-whole-program");
  if ((CompileOnly || EmitSource) && !Output.empty() && Sources.size() > 1) {
    std::cerr << "hpfcc: error: -o with -c or --hpf-emit-source needs a "
                 "single source file\n";
    return 1;
  }

  if (Deps.Mode != hpfcc::DepOptions::None && Sources.size() > 1 &&
      (!Deps.File.empty() ||
       (Deps.Mode == hpfcc::DepOptions::Only && !Output.empty()))) {
    std::cerr << "hpfcc: error: one dependency file (-MF, or -o with -M) "
                 "needs a single source file\n";
    return 1;
  }

  // The runtime headers need C++20; a -std= of the user's wins, unless it
  // is older: say so in one line rather than in errors deep inside them.
  bool HasStd = false;
  for (const std::string &F : CompileFlags) {
    if (isBeforeCxx20(F)) {
      std::cerr << "hpfcc: error: " << F
                << " is not supported: hpfcc needs C++20 or later (the HPF "
                   "runtime headers are C++20); use -std=c++20\n";
      return 1;
    }
    HasStd |= startsWith(F, "-std=") || startsWith(F, "--std=");
  }
  if (!HasStd)
    CompileFlags.insert(CompileFlags.begin(), "-std=c++20");
  // Code that must differ from the sequential program (HPF's
  // NUMBER_OF_PROCESSORS(), per-rank diagnostics) tests __HPFCC__ and may
  // include the runtime's headers, in both steps.
  CompileFlags.insert(CompileFlags.begin(), "-D__HPFCC__=1");

  std::string Why;
  std::optional<Layout> L = findLayout(Why);
  if (!L) {
    std::cerr << "hpfcc: error: " << Why << "\n";
    return 1;
  }
  const char *ClangEnv = std::getenv("HPFCC_CLANG");
  std::string Clang = ClangEnv && *ClangEnv ? ClangEnv : HPFCC_CLANGXX;
  const char *CxxEnv = std::getenv("HPFCC_CXX");
  std::string Cxx = !LaunchCxx.empty()  ? LaunchCxx
                    : CxxEnv && *CxxEnv ? CxxEnv
                                        : HPFCC_CLANGXX;

  if (Preprocess) { // no rewriting: the directives pass through
    std::vector<std::string> Cmd = {Clang};
    Cmd.insert(Cmd.end(), CompileFlags.begin(), CompileFlags.end());
    Cmd.insert(Cmd.end(), Deps.Raw.begin(), Deps.Raw.end());
    Cmd.insert(Cmd.end(), Sources.begin(), Sources.end());
    if (!Output.empty())
      Cmd.insert(Cmd.end(), {"-o", Output});
    return run(Cmd);
  }

  const char *TmpEnv = std::getenv("TMPDIR");
  std::string TmpPattern =
      std::string(TmpEnv && *TmpEnv ? TmpEnv : "/tmp") + "/hpfcc-XXXXXX";
  std::vector<char> TmpBuf(TmpPattern.begin(), TmpPattern.end());
  TmpBuf.push_back('\0');
  char *TmpDir = mkdtemp(TmpBuf.data());
  if (!TmpDir) {
    std::cerr << "hpfcc: error: cannot create a temporary directory: "
              << std::strerror(errno) << "\n";
    return 1;
  }
  fs::path Tmp = TmpDir;
  auto Cleanup = [&](int Rc) {
    if (KeepTemps)
      std::cerr << "hpfcc: temporary files kept in " << Tmp.string() << "\n";
    else {
      std::error_code EC;
      fs::remove_all(Tmp, EC);
    }
    return Rc;
  };

  using hpfcc::DepOptions;
  bool OnlyDeps = Deps.Mode == DepOptions::Only;
  std::vector<std::string> Objects;
  int Index = 0;
  for (const std::string &Src : Sources) {
    fs::path SrcPath = Src;
    std::string Stem = SrcPath.stem().string();
    std::string TmpStem =
        (Tmp / (std::to_string(Index++) + "-" + Stem)).string();
    std::string Rewritten = TmpStem + ".hpf.cpp";
    std::string Out = Rewritten;
    if (EmitSource)
      Out = Output.empty() ? "-" : Output;
    std::string Obj;
    if (CompileOnly)
      Obj = Output.empty() ? Stem + ".o" : Output;
    else
      Obj = TmpStem + ".o";
    // Dependency rules name what the user names: the object of -c, the
    // file of --hpf-emit-source -o, else the source's stem + ".o" (as clang).
    std::string Target = CompileOnly                     ? Obj
                         : EmitSource && !Output.empty() ? Output
                                                         : Stem + ".o";
    std::string DepOut = Deps.File;
    if (DepOut.empty() && OnlyDeps)
      DepOut = Output.empty() ? "-" : Output;
    else if (DepOut.empty())
      DepOut = withExtension(
          (CompileOnly || EmitSource) && !Output.empty() ? Output : Stem, ".d");
    std::string Dep1 = TmpStem + ".1.d", Dep2 = TmpStem + ".2.d";

    std::vector<std::string> Cmd = {Clang, "-fsyntax-only",
                                    "-fplugin=" + L->Plugin,
                                    "-fplugin-arg-hpf-out=" + Out};
    Cmd.insert(Cmd.end(), Plugin.begin(), Plugin.end());
    Cmd.insert(Cmd.end(), CompileFlags.begin(), CompileFlags.end());
    for (const std::string &I : L->Includes)
      Cmd.insert(Cmd.end(), {"-I", I});
    if (Deps.Mode != DepOptions::None) {
      std::vector<std::string> F = Deps.stepFlags(Dep1, Target, false);
      Cmd.insert(Cmd.end(), F.begin(), F.end());
    }
    Cmd.push_back(Src);
    if (int Rc = run(Cmd))
      return Cleanup(Rc);
    bool Compile = !(EmitSource || SyntaxOnly);
    if (Compile) {
      // -M/-MM: the back end only lists the headers of the rewritten code.
      std::vector<std::string> CC = {Cxx, Rewritten};
      if (!OnlyDeps)
        CC = {Cxx, "-c", Rewritten, "-o", Obj};
      // Quoted includes of the user's file resolve next to the original.
      std::string Dir = SrcPath.parent_path().string();
      CC.insert(CC.end(), {"-iquote", Dir.empty() ? "." : Dir});
      for (const std::string &I : L->Includes)
        CC.insert(CC.end(), {"-I", I});
      CC.insert(CC.end(), CompileFlags.begin(), CompileFlags.end());
      if (Deps.Mode != DepOptions::None) {
        std::vector<std::string> F = Deps.stepFlags(Dep2, Target, OnlyDeps);
        CC.insert(CC.end(), F.begin(), F.end());
      }
      if (UsePch && !OnlyDeps && includesRuntime(Rewritten)) {
        hpfcc::PchRequest R{Cxx, CompileFlags, L->Includes, L->Includes[0]};
        std::string Unsuitable = hpfcc::pchUnsuitable(R);
        std::string Pch = Unsuitable.empty() ? hpfcc::runtimePch(R, run) : "";
        if (!Pch.empty())
          CC.insert(CC.end(), {"-include-pch", Pch});
        else if (Verbose)
          std::cerr << "hpfcc: no precompiled runtime header"
                    << (Unsuitable.empty() ? "" : ": " + Unsuitable) << "\n";
      }
      if (int Rc = run(CC))
        return Cleanup(Rc);
      Objects.push_back(Obj);
    }
    if (Deps.Mode != DepOptions::None) {
      std::vector<std::string> Drop = {Tmp.string()};
      if (std::string Cache = hpfcc::pchCacheDir(); !Cache.empty())
        Drop.push_back(Cache);
      std::string Err = hpfcc::mergeDependencies(Dep1, Compile ? Dep2 : "",
                                                 Drop, Deps.Phony, DepOut);
      if (!Err.empty()) {
        std::cerr << "hpfcc: error: " << Err << "\n";
        return Cleanup(1);
      }
    }
  }
  if (EmitSource || SyntaxOnly || CompileOnly || OnlyDeps)
    return Cleanup(0);

  std::vector<std::string> Link = {Cxx};
  Link.insert(Link.end(), Objects.begin(), Objects.end());
  Link.insert(Link.end(), Inputs.begin(), Inputs.end());
  Link.insert(Link.end(), {"-o", Output.empty() ? "a.out" : Output});
  Link.insert(Link.end(), LinkFlags.begin(), LinkFlags.end());
  Link.insert(Link.end(), L->Libs.begin(), L->Libs.end());
  return Cleanup(run(Link));
}
