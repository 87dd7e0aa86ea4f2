//===- analysis/Mapping.cpp - static distributions and plan decisions -----===//
#include "Mapping.h"

#include <algorithm>
#include <sstream>

namespace hpf::analysis {

std::string Value::str() const { return Const ? std::to_string(*Const) : Text; }

bool Value::operator==(const Value &O) const {
  if (Const || O.Const)
    return Const == O.Const;
  return Text == O.Text;
}

std::optional<Index> Arrangement::count() const {
  Index C = 1;
  for (const Value &E : Extents) {
    if (!E.Const)
      return std::nullopt;
    C *= *E.Const;
  }
  return C;
}

std::string Arrangement::describe() const {
  std::string S = Name + "(";
  for (std::size_t I = 0; I < Extents.size(); ++I)
    S += (I ? ", " : "") + Extents[I].str();
  return S + ")";
}

bool FormatValue::operator==(const FormatValue &O) const {
  if (Kind != O.Kind || HasParam != O.HasParam)
    return false;
  if (Values || O.Values)
    return Values == O.Values;
  return !HasParam || Param == O.Param;
}

std::string FormatValue::describe() const {
  std::string S = pragma::formatName(Kind);
  if (Values) {
    S += "(";
    for (std::size_t I = 0; I < Values->size(); ++I) {
      if (I == 8) {
        S += ", ...";
        break;
      }
      S += (I ? ", " : "") + std::to_string((*Values)[I]);
    }
    return S + ")";
  }
  if (HasParam)
    S += "(" + Param.str() + ")";
  return S;
}

bool Mapping::operator==(const Mapping &O) const {
  return Formats == O.Formats && Onto == O.Onto;
}

std::string Mapping::describe() const {
  std::string S;
  if (Formats.size() == 1) {
    S = Formats[0].describe();
  } else {
    S = "(";
    for (std::size_t I = 0; I < Formats.size(); ++I)
      S += (I ? ", " : "") + Formats[I].describe();
    S += ")";
  }
  if (Onto)
    S += " onto " + Onto->describe();
  else
    S += " onto all ranks";
  return S;
}

namespace {

/// The distribution of one dimension of extent N formatted by F over P
/// processors (nullopt: the count is only known at run time; `Over` names
/// them in messages, e.g. "P(4)").
std::optional<plan::Distribution> staticDimension(const FormatValue &F, Index N,
                                                  std::optional<Index> P,
                                                  const std::string &Over,
                                                  std::string *WhyNot) {
  auto No = [&](std::string Why) -> std::optional<plan::Distribution> {
    if (WhyNot)
      *WhyNot = std::move(Why);
    return std::nullopt;
  };
  if (F.Kind == pragma::FormatKind::Collapsed)
    return plan::Distribution::collapsed(N);
  if (!P)
    return No("the size of " + Over + " is only known at run time");
  int Procs = static_cast<int>(*P);
  switch (F.Kind) {
  case pragma::FormatKind::Block:
    if (!F.HasParam)
      return plan::Distribution::block(N, Procs);
    if (!F.Param.Const)
      return No("block(" + F.Param.Text + ") is not a compile-time constant");
    return plan::Distribution::blockSized(N, Procs, *F.Param.Const);
  case pragma::FormatKind::Cyclic:
    if (!F.HasParam)
      return plan::Distribution::cyclic(N, Procs, 1);
    if (!F.Param.Const)
      return No("cyclic(" + F.Param.Text + ") is not a compile-time constant");
    return plan::Distribution::cyclic(N, Procs, *F.Param.Const);
  case pragma::FormatKind::GenBlock:
    if (!F.Values)
      return No("gen_block(" + F.Param.Text +
                ") is not a constant array (make it constexpr)");
    return plan::Distribution::genBlock(*F.Values);
  case pragma::FormatKind::Indirect: {
    if (!F.Values)
      return No("indirect(" + F.Param.Text + ") is not a constant array");
    std::vector<int> Owners(F.Values->begin(), F.Values->end());
    return plan::Distribution::indirect(std::move(Owners), Procs);
  }
  case pragma::FormatKind::Collapsed:
    break;
  }
  return No("unknown format");
}

} // namespace

std::optional<plan::DistributionND>
staticDistribution(const Mapping &M, const std::vector<Index> &Extents,
                   std::string *WhyNot) {
  auto No = [&](std::string Why) -> std::optional<plan::DistributionND> {
    if (WhyNot)
      *WhyNot = std::move(Why);
    return std::nullopt;
  };
  if (M.Formats.size() != Extents.size())
    return No("the mapping's rank differs from the array's");
  if (std::any_of(Extents.begin(), Extents.end(),
                  [](Index E) { return E < 0; }))
    return No("the array's extent is only known at run time");
  if (!M.Onto)
    return No("no 'onto': the processor count is the number of MPI ranks");
  if (std::all_of(M.Formats.begin(), M.Formats.end(), [](const FormatValue &F) {
        return F.Kind == pragma::FormatKind::Collapsed;
      }))
    return No("'*' in every dimension is not a distribution");
  std::vector<int> Grid;
  for (const Value &E : M.Onto->Extents) {
    if (!E.Const)
      return No("the size of " + M.Onto->describe() +
                " is only known at run time");
    Grid.push_back(static_cast<int>(*E.Const));
  }
  std::vector<plan::Distribution> Dims;
  std::size_t G = 0;
  for (std::size_t D = 0; D < Extents.size(); ++D) {
    const FormatValue &F = M.Formats[D];
    std::optional<Index> P;
    if (F.Kind != pragma::FormatKind::Collapsed && G < Grid.size())
      P = Grid[G++];
    std::optional<plan::Distribution> Dim =
        staticDimension(F, Extents[D], P, M.Onto->describe(), WhyNot);
    if (!Dim)
      return std::nullopt;
    Dims.push_back(std::move(*Dim));
  }
  return plan::DistributionND(std::move(Dims), std::move(Grid));
}

PlanDecision decidePlan(const std::optional<Mapping> &Src, const Mapping &Dst,
                        const std::vector<Index> &Extents,
                        const plan::PlanOptions &Opts) {
  PlanDecision D;
  auto Runtime = [&](std::string Why) {
    D.Why = std::move(Why);
    return D;
  };
  if (!Src)
    return Runtime(
        "the array's mapping before this point depends on control flow");
  std::string Why;
  std::optional<plan::DistributionND> S =
      staticDistribution(*Src, Extents, &Why);
  if (!S)
    return Runtime("source: " + Why);
  std::optional<plan::DistributionND> T =
      staticDistribution(Dst, Extents, &Why);
  if (!T)
    return Runtime("target: " + Why);
  D.Src = std::move(S);
  D.Dst = std::move(T);
  if (D.Src->sameMapping(*D.Dst)) {
    D.Decision = PlanDecision::NoOp;
    return D;
  }
  // The same plan the runtime would make: rank 1 through the closed forms,
  // a higher rank as one table over the ranks of both grids.
  D.Plan = plan::makePlan(*D.Src, *D.Dst, Opts);
  D.Decision = PlanDecision::Static;
  return D;
}

std::string summarizePlan(const plan::Plan &P) {
  std::ostringstream OS;
  OS << P.Table.Messages.size() << " messages in " << P.Sched.stepCount()
     << " steps (lower bound " << P.Bounds.Steps << "), cost " << P.Cost
     << " elements (lower bound " << P.Bounds.Volume << "), scheduler "
     << P.Requested;
  if (P.Used != P.Requested)
    OS << " -> " << P.Used;
  if (!P.Sched.Choice.empty())
    OS << ", chose " << P.Sched.Choice;
  return OS.str();
}

} // namespace hpf::analysis
