//===- codegen/PlanTables.cpp - static plans as C++ constant tables
//--------===//
#include "PlanTables.h"

#include <cinttypes>
#include <cstdio>
#include <sstream>

namespace hpf::codegen {

PlanTables flattenPlan(const plan::Plan &Pl, const plan::Distribution &Src,
                       const plan::Distribution &Dst) {
  PlanTables T;
  T.N = Src.size();
  T.P = Src.procs();
  T.Q = Dst.procs();
  T.SrcFormat = Src.format(/*Full=*/true);
  T.DstFormat = Dst.format(/*Full=*/true);
  T.Scheduler = Pl.Used;
  T.Fingerprint = plan::fingerprint(Pl);
  T.Messages = Pl.Table.Messages;
  T.StepOffsets.push_back(0);
  for (const auto &Step : Pl.Sched.Steps) {
    for (std::size_t M : Step)
      T.StepMessages.push_back(static_cast<int>(M));
    T.StepOffsets.push_back(static_cast<int>(T.StepMessages.size()));
  }
  if (!Pl.Sched.Groups.empty()) {
    T.GroupOffsets.push_back(0);
    int Steps = 0;
    for (const auto &G : Pl.Sched.Groups) {
      Steps += static_cast<int>(G.size());
      T.GroupOffsets.push_back(Steps);
    }
  }
  return T;
}

plan::Plan unflattenPlan(const PlanTables &T) {
  plan::Plan Pl;
  Pl.Table.P = T.P;
  Pl.Table.Q = T.Q;
  Pl.Table.N = T.N;
  Pl.Table.Messages = T.Messages;
  for (std::size_t S = 0; S + 1 < T.StepOffsets.size(); ++S) {
    std::vector<std::size_t> Step;
    for (int I = T.StepOffsets[S]; I < T.StepOffsets[S + 1]; ++I)
      Step.push_back(static_cast<std::size_t>(T.StepMessages[I]));
    Pl.Sched.Steps.push_back(std::move(Step));
  }
  for (std::size_t G = 0; G + 1 < T.GroupOffsets.size(); ++G) {
    std::vector<std::size_t> Group;
    for (int S = T.GroupOffsets[G]; S < T.GroupOffsets[G + 1]; ++S)
      Group.push_back(static_cast<std::size_t>(S));
    Pl.Sched.Groups.push_back(std::move(Group));
  }
  Pl.Requested = Pl.Used = T.Scheduler;
  return Pl;
}

namespace {

/// A C string literal.
std::string quote(const std::string &S) {
  std::string R = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      R += '\\';
    R += C;
  }
  return R + "\"";
}

/// Comma-separated items, wrapped at ~78 columns with a 4-space indent.
template <class F>
void list(std::ostringstream &OS, std::size_t Count, F Item) {
  std::size_t Col = 4;
  OS << "    ";
  for (std::size_t I = 0; I < Count; ++I) {
    std::string S = Item(I);
    if (I + 1 < Count)
      S += ",";
    if (Col + S.size() + 1 > 78 && Col > 4) {
      OS << "\n    ";
      Col = 4;
    } else if (I > 0) {
      OS << ' ';
      ++Col;
    }
    OS << S;
    Col += S.size();
  }
}

} // namespace

std::string emitPlanTables(const PlanTables &T, const std::string &Name,
                           const std::string &Comment) {
  std::ostringstream OS;
  std::string Msg = Name + "_msg", StepOff = Name + "_stepoff",
              StepMsg = Name + "_stepmsg", GroupOff = Name + "_groupoff";
  OS << Comment;
  if (!T.Messages.empty()) {
    OS << "static const hpf::static_message " << Msg << "[] = {\n";
    list(OS, T.Messages.size(), [&](std::size_t I) {
      const plan::Message &M = T.Messages[I];
      return "{" + std::to_string(M.Src) + ", " + std::to_string(M.Dst) + ", " +
             std::to_string(M.Size) + "}";
    });
    OS << "};\n";
  }
  auto Ints = [&](const std::string &N, const std::vector<int> &V) {
    OS << "static const int " << N << "[] = {\n";
    list(OS, V.size(), [&](std::size_t I) { return std::to_string(V[I]); });
    OS << "};\n";
  };
  Ints(StepOff, T.StepOffsets);
  Ints(StepMsg, T.StepMessages.empty() ? std::vector<int>{0} : T.StepMessages);
  if (!T.GroupOffsets.empty())
    Ints(GroupOff, T.GroupOffsets);
  char FP[32];
  std::snprintf(FP, sizeof FP, "0x%016" PRIx64 "ull", T.Fingerprint);
  OS << "static const hpf::static_plan " << Name << " = {\n"
     << "    hpf::static_plan_version, " << T.N << ", " << T.P << ", " << T.Q
     << ",\n    " << quote(T.SrcFormat) << ", " << quote(T.DstFormat) << ", "
     << quote(T.Scheduler) << ", " << FP << ",\n    " << T.Messages.size()
     << ", " << (T.Messages.empty() ? "nullptr" : Msg) << ", "
     << (T.StepOffsets.size() - 1) << ", " << StepOff << ", " << StepMsg
     << ",\n    " << (T.GroupOffsets.empty() ? 0 : T.GroupOffsets.size() - 1)
     << ", " << (T.GroupOffsets.empty() ? "nullptr" : GroupOff) << "};\n";
  return OS.str();
}

} // namespace hpf::codegen
