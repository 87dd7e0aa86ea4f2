//===- mpi/StaticPlanEmit.h - plan -> static_plan tables --------*- C++ -*-===//
//
// For the compiler (and tests): turns a plan-library Plan into the constant
// tables of mpi/StaticPlan.h, either as data (StaticPlanTables, whose view()
// is a static_plan pointing into it) or as C++ source text to paste into
// the rewritten program. Header-only and MPI-free: the plugin can use it
// without linking hpfrt.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_STATICPLANEMIT_H
#define HPF_MPI_STATICPLANEMIT_H

#include "mpi/StaticPlan.h"
#include "plan/Plan.h"

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace hpf::rt {

struct StaticPlanTables {
  long long N = 0;
  int P = 0, Q = 0;
  std::string SrcFormat, DstFormat, Scheduler;
  unsigned long long Fingerprint = 0;
  std::vector<static_message> Messages;
  std::vector<int> StepOffsets, StepMessages, GroupOffsets;

  /// A static_plan that points into this object (keep it alive).
  static_plan view() const {
    return static_plan{static_plan_version,
                       N,
                       P,
                       Q,
                       SrcFormat.c_str(),
                       DstFormat.c_str(),
                       Scheduler.c_str(),
                       Fingerprint,
                       int(Messages.size()),
                       Messages.data(),
                       int(StepOffsets.size()) - 1,
                       StepOffsets.data(),
                       StepMessages.data(),
                       GroupOffsets.empty() ? 0 : int(GroupOffsets.size()) - 1,
                       GroupOffsets.empty() ? nullptr : GroupOffsets.data()};
  }
};

inline StaticPlanTables staticTables(const plan::Plan &Pl,
                                     const plan::Distribution &Src,
                                     const plan::Distribution &Dst) {
  StaticPlanTables T;
  T.N = Pl.Table.N;
  T.P = Pl.Table.P;
  T.Q = Pl.Table.Q;
  T.SrcFormat = Src.format();
  T.DstFormat = Dst.format();
  T.Scheduler = Pl.Used;
  T.Fingerprint = plan::fingerprint(Pl);
  for (const plan::Message &M : Pl.Table.Messages)
    T.Messages.push_back({M.Src, M.Dst, (long long)M.Size});
  T.StepOffsets.push_back(0);
  for (const auto &Step : Pl.Sched.Steps) {
    for (std::size_t I : Step)
      T.StepMessages.push_back(int(I));
    T.StepOffsets.push_back(int(T.StepMessages.size()));
  }
  if (!Pl.Sched.Groups.empty()) {
    for (const auto &G : Pl.Sched.Groups)
      T.GroupOffsets.push_back(G.empty() ? 0 : int(G.front()));
    T.GroupOffsets.push_back(int(Pl.Sched.Steps.size()));
  }
  return T;
}

/// C++ definitions of `static const hpf::static_plan <Name>` and its
/// tables (names <Name>_msg, _stepoff, _stepmsg, _groupoff).
inline std::string staticPlanSource(const StaticPlanTables &T,
                                    std::string_view Name) {
  std::string N(Name), S;
  auto Ints = [&](const char *Suffix, const std::vector<int> &V) {
    S += "static const int " + N + Suffix + "[] = {";
    for (std::size_t I = 0; I < V.size(); ++I) {
      if (I)
        S += ',';
      S += std::to_string(V[I]);
    }
    if (V.empty())
      S += "0"; // no zero-length arrays in C++
    S += "};\n";
  };
  S += "static const hpf::static_message " + N + "_msg[] = {";
  for (std::size_t I = 0; I < T.Messages.size(); ++I) {
    const static_message &M = T.Messages[I];
    if (I)
      S += ',';
    S += "{" + std::to_string(M.src) + "," + std::to_string(M.dst) + "," +
         std::to_string(M.size) + "}";
  }
  if (T.Messages.empty())
    S += "{0,0,0}";
  S += "};\n";
  Ints("_stepoff", T.StepOffsets);
  Ints("_stepmsg", T.StepMessages);
  if (!T.GroupOffsets.empty())
    Ints("_groupoff", T.GroupOffsets);
  char Fp[32];
  std::snprintf(Fp, sizeof Fp, "0x%llxull", T.Fingerprint);
  auto Quote = [](const std::string &X) {
    std::string Q = "\"";
    for (char C : X)
      Q += (C == '"' || C == '\\') ? std::string("\\") + C : std::string(1, C);
    return Q + "\"";
  };
  S += "static const hpf::static_plan " + N + " = {hpf::static_plan_version, " +
       std::to_string(T.N) + "LL, " + std::to_string(T.P) + ", " +
       std::to_string(T.Q) + ", " + Quote(T.SrcFormat) + ", " +
       Quote(T.DstFormat) + ", " + Quote(T.Scheduler) + ", " + Fp + ", " +
       std::to_string(T.Messages.size()) + ", " + N + "_msg, " +
       std::to_string(T.StepOffsets.size() - 1) + ", " + N + "_stepoff, " + N +
       "_stepmsg, " +
       (T.GroupOffsets.empty() ? std::string("0, nullptr")
                               : std::to_string(T.GroupOffsets.size() - 1) +
                                     ", " + N + "_groupoff") +
       "};\n";
  return S;
}

} // namespace hpf::rt

#endif // HPF_MPI_STATICPLANEMIT_H
