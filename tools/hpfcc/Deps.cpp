//===- tools/hpfcc/Deps.cpp - make-style dependency output of hpfcc -------===//
//
// See Deps.h. The rules clang and gcc write look like
//
//   a.o b.o: a.cpp dir/h.h /usr/include/x\ y.h
//
// with long lines continued by backslash-newline, spaces escaped as "\ ", '#'
// as "\#" and '$' as "$$". Words are kept in their escaped form, so they are
// written back exactly as the compiler spelled them; they are unescaped only to
// compare paths.
//
//===----------------------------------------------------------------------===//
#include "Deps.h"

#include <algorithm>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace hpfcc {

namespace {

bool startsWith(const std::string &S, const char *P) {
  return S.rfind(P, 0) == 0;
}

/// One make rule: targets and prerequisites, escaped as written.
struct Rule {
  std::vector<std::string> Targets, Deps;
};

/// Splits Text into words at unescaped white space; a backslash-newline is
/// white space.
std::vector<std::string> words(const std::string &Text) {
  std::vector<std::string> Out;
  std::string Cur;
  for (std::size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size()) {
      char N = Text[I + 1];
      if (N == '\n' || (N == '\r' && I + 2 < Text.size())) {
        I += N == '\r' ? 2 : 1;
        C = ' ';
      } else {
        Cur += C;
        Cur += N;
        ++I;
        continue;
      }
    }
    if (C == ' ' || C == '\t' || C == '\n' || C == '\r') {
      if (!Cur.empty())
        Out.push_back(Cur);
      Cur.clear();
    } else {
      Cur += C;
    }
  }
  if (!Cur.empty())
    Out.push_back(Cur);
  return Out;
}

/// The first rule of a dependency file (the steps are run without -MP, so
/// there is only one). Targets end at the word that ends in ':'.
bool readRule(const std::string &Path, Rule &R, std::string &Error) {
  std::ifstream In(Path);
  if (!In) {
    Error = "cannot read dependency file " + Path;
    return false;
  }
  std::stringstream SS;
  SS << In.rdbuf();
  bool InTargets = true;
  for (std::string &W : words(SS.str())) {
    if (InTargets) {
      bool Last = W.back() == ':';
      if (Last)
        W.pop_back();
      if (!W.empty())
        R.Targets.push_back(W);
      InTargets = !Last;
    } else {
      R.Deps.push_back(W);
    }
  }
  if (InTargets) {
    Error = "no rule in dependency file " + Path;
    return false;
  }
  return true;
}

std::string unescape(const std::string &W) {
  std::string Out;
  for (std::size_t I = 0; I < W.size(); ++I) {
    if ((W[I] == '\\' && I + 1 < W.size() &&
         (W[I + 1] == ' ' || W[I + 1] == '#')) ||
        (W[I] == '$' && I + 1 < W.size() && W[I + 1] == '$'))
      ++I;
    Out += W[I];
  }
  return Out;
}

/// The key two spellings of one file share ("./h.h" and "h.h").
std::string pathKey(const std::string &W) {
  return fs::path(unescape(W)).lexically_normal().string();
}

bool isUnder(const std::string &Key, const std::string &Dir) {
  return !Dir.empty() && startsWith(Key, Dir.c_str()) &&
         (Key.size() == Dir.size() || Key[Dir.size()] == '/');
}

} // namespace

bool DepOptions::consume(int Argc, char **Argv, int &I, std::string &Error) {
  std::string A = Argv[I];
  if (A == "-M" || A == "-MM") {
    Mode = Only;
    System = A == "-M";
  } else if (A == "-MD" || A == "-MMD") {
    if (Mode != Only)
      Mode = Side;
    System = A == "-MD";
  } else if (A == "-MP") {
    Phony = true;
  } else if (A == "-MG") {
    TargetFlags.push_back(A);
  } else if (A == "-MF" || A == "-MT" || A == "-MQ") {
    if (I + 1 >= Argc) {
      Error = A + " needs a value";
      return true;
    }
    std::string V = Argv[++I];
    Raw.insert(Raw.end(), {A, V});
    if (A == "-MF")
      File = V;
    else
      TargetFlags.insert(TargetFlags.end(), {A, V});
    return true;
  } else if (startsWith(A, "-MF") || startsWith(A, "-MT") ||
             startsWith(A, "-MQ")) { // joined value: -MFdeps.d
    std::string Opt = A.substr(0, 3), V = A.substr(3);
    if (Opt == "-MF")
      File = V;
    else
      TargetFlags.insert(TargetFlags.end(), {Opt, V});
  } else {
    return false;
  }
  Raw.push_back(A);
  return true;
}

std::vector<std::string> DepOptions::stepFlags(const std::string &DepFile,
                                               const std::string &DefaultTarget,
                                               bool OnlyDeps) const {
  std::vector<std::string> F;
  if (OnlyDeps)
    F.push_back(System ? "-M" : "-MM");
  else
    F.push_back(System ? "-MD" : "-MMD");
  F.insert(F.end(), {"-MF", DepFile});
  F.insert(F.end(), TargetFlags.begin(), TargetFlags.end());
  bool HasTarget = false;
  for (const std::string &T : TargetFlags)
    HasTarget |= T == "-MT" || T == "-MQ";
  if (!HasTarget)
    F.insert(F.end(), {"-MT", DefaultTarget});
  return F;
}

std::string mergeDependencies(const std::string &First,
                              const std::string &Second,
                              const std::vector<std::string> &DropDirs,
                              bool Phony, const std::string &Out) {
  std::string Error;
  Rule R1, R2;
  if (!readRule(First, R1, Error) ||
      (!Second.empty() && !readRule(Second, R2, Error)))
    return Error;
  std::vector<std::string> Drop;
  for (const std::string &D : DropDirs)
    Drop.push_back(fs::path(D).lexically_normal().string());
  std::set<std::string> Seen;
  std::vector<std::string> Deps;
  for (const std::vector<std::string> *List : {&R1.Deps, &R2.Deps})
    for (const std::string &W : *List) {
      std::string Key = pathKey(W);
      bool Dropped =
          std::any_of(Drop.begin(), Drop.end(),
                      [&](const std::string &D) { return isUnder(Key, D); });
      if (!Dropped && Seen.insert(Key).second)
        Deps.push_back(W);
    }

  std::ostringstream OS;
  for (std::size_t I = 0; I < R1.Targets.size(); ++I)
    OS << (I ? " " : "") << R1.Targets[I];
  OS << ":";
  for (const std::string &D : Deps)
    OS << " \\\n  " << D;
  OS << "\n";
  if (Phony) // like -MP: a deleted header is no error for make
    for (std::size_t I = 1; I < Deps.size(); ++I)
      OS << "\n" << Deps[I] << ":\n";

  if (Out == "-") {
    std::cout << OS.str();
    std::cout.flush();
    return "";
  }
  std::ofstream File(Out, std::ios::trunc);
  if (!(File << OS.str()))
    return "cannot write dependency file " + Out;
  return "";
}

} // namespace hpfcc
