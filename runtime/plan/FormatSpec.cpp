//===- plan/FormatSpec.cpp - parse HPF distribution formats ---------------===//

#include "plan/FormatSpec.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <string>

namespace hpf::plan {

namespace {

std::string_view trim(std::string_view S) {
  while (!S.empty() && std::isspace((unsigned char)S.front()))
    S.remove_prefix(1);
  while (!S.empty() && std::isspace((unsigned char)S.back()))
    S.remove_suffix(1);
  return S;
}

std::string lower(std::string_view S) {
  std::string Out(S);
  for (char &C : Out)
    C = char(std::tolower((unsigned char)C));
  return Out;
}

std::vector<Index> parseList(std::string_view Args, std::string_view What) {
  std::vector<Index> Values;
  if (trim(Args).empty())
    throw PlanError(std::string(What) + " needs a list of numbers");
  while (true) {
    size_t Comma = Args.find(',');
    Values.push_back(parseIndex(Args.substr(0, Comma), What));
    if (Comma == std::string_view::npos)
      break;
    Args.remove_prefix(Comma + 1);
  }
  return Values;
}

} // namespace

Index parseIndex(std::string_view Text, std::string_view What) {
  std::string_view T = trim(Text);
  Index V = 0;
  auto [Ptr, Ec] = std::from_chars(T.data(), T.data() + T.size(), V);
  if (T.empty() || Ec == std::errc::invalid_argument ||
      Ptr != T.data() + T.size())
    throw PlanError(std::string(What) + ": '" + std::string(T) +
                    "' is not a number");
  if (Ec == std::errc::result_out_of_range)
    throw PlanError(std::string(What) + ": '" + std::string(T) +
                    "' is out of range");
  return V;
}

FormatSpec parseFormat(std::string_view Text) {
  std::string_view T = trim(Text);
  FormatSpec F;
  if (T == "*") {
    F.Kind = DistKind::Collapsed;
    return F;
  }
  size_t Open = T.find('(');
  std::string Name = lower(trim(T.substr(0, Open)));
  std::string_view Args;
  bool HasArgs = Open != std::string_view::npos;
  if (HasArgs) {
    if (T.back() != ')')
      throw PlanError("distribution format '" + std::string(T) +
                      "' lacks a closing ')'");
    Args = T.substr(Open + 1, T.size() - Open - 2);
  }
  auto Single = [&](std::string_view What) {
    Index K = parseIndex(Args, What);
    if (K < 1)
      throw PlanError(std::string(What) + " must be >= 1, got " +
                      std::to_string(K));
    return K;
  };
  if (Name == "block") {
    F.Kind = HasArgs ? DistKind::BlockSize : DistKind::Block;
    if (HasArgs)
      F.Param = Single("block(k)");
  } else if (Name == "cyclic") {
    F.Kind = DistKind::Cyclic;
    F.Param = HasArgs ? Single("cyclic(k)") : 1;
  } else if (Name == "gen_block") {
    F.Kind = DistKind::GenBlock;
    if (!HasArgs)
      throw PlanError("gen_block needs its block sizes: gen_block(s0,s1,...)");
    F.Values = parseList(Args, "gen_block size");
    for (Index V : F.Values)
      if (V < 0)
        throw PlanError("gen_block size " + std::to_string(V) + " is negative");
  } else if (Name == "indirect") {
    F.Kind = DistKind::Indirect;
    if (!HasArgs)
      throw PlanError("indirect needs its owner map: indirect(o0,o1,...)");
    F.Values = parseList(Args, "indirect owner");
  } else {
    throw PlanError("unknown distribution format '" + std::string(T) +
                    "' (expected block, block(k), cyclic, cyclic(k), "
                    "gen_block(sizes), indirect(map) or *)");
  }
  return F;
}

std::optional<int> FormatSpec::impliedProcs() const {
  if (Kind == DistKind::GenBlock)
    return int(Values.size());
  return std::nullopt;
}

std::optional<Index> FormatSpec::impliedExtent() const {
  if (Kind == DistKind::GenBlock) {
    Index Sum = 0;
    for (Index V : Values)
      if (__builtin_add_overflow(Sum, V, &Sum))
        throw PlanError("gen_block sizes overflow a 64-bit extent");
    return Sum;
  }
  if (Kind == DistKind::Indirect)
    return Index(Values.size());
  return std::nullopt;
}

Distribution FormatSpec::instantiate(Index N, int Procs) const {
  switch (Kind) {
  case DistKind::Block:
    return Distribution::block(N, Procs);
  case DistKind::BlockSize:
    return Distribution::blockSized(N, Procs, Param);
  case DistKind::Cyclic:
    return Distribution::cyclic(N, Procs, Param);
  case DistKind::Collapsed:
    return Distribution::collapsed(N);
  case DistKind::GenBlock: {
    Distribution D = Distribution::genBlock(Values);
    if (D.procs() != Procs)
      throw PlanError("gen_block lists " + std::to_string(D.procs()) +
                      " block sizes for " + std::to_string(Procs) +
                      " processors");
    if (D.size() != N)
      throw PlanError("gen_block sizes sum to " + std::to_string(D.size()) +
                      ", but the array has " + std::to_string(N) + " elements");
    return D;
  }
  case DistKind::Indirect: {
    if (Index(Values.size()) != N)
      throw PlanError("indirect map has " + std::to_string(Values.size()) +
                      " entries, but the array has " + std::to_string(N) +
                      " elements");
    std::vector<int> Owners;
    Owners.reserve(Values.size());
    for (Index V : Values) {
      if (V < 0 || V >= Procs)
        throw PlanError("indirect owner " + std::to_string(V) +
                        " is outside processors 0.." +
                        std::to_string(Procs - 1));
      Owners.push_back(int(V));
    }
    return Distribution::indirect(std::move(Owners), Procs);
  }
  }
  throw PlanError("unknown distribution kind");
}

} // namespace hpf::plan
