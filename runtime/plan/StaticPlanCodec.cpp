//===- plan/StaticPlanCodec.cpp - static plans: tables, text, checks ------===//

#include "plan/StaticPlanCodec.h"
#include "plan/Schedule.h"

#include <cinttypes>
#include <cstdio>
#include <sstream>

namespace hpf::plan {

static_plan StaticPlanTables::view() const {
  return static_plan{static_plan_version,
                     N,
                     P,
                     Q,
                     SrcFormat.c_str(),
                     DstFormat.c_str(),
                     Scheduler.c_str(),
                     Fingerprint,
                     int(Messages.size()),
                     Messages.empty() ? nullptr : Messages.data(),
                     int(StepOffsets.size()) - 1,
                     StepOffsets.data(),
                     StepMessages.data(),
                     GroupOffsets.empty() ? 0 : int(GroupOffsets.size()) - 1,
                     GroupOffsets.empty() ? nullptr : GroupOffsets.data(),
                     int(Extents.size()),
                     Extents.data(),
                     int(SrcGrid.size()),
                     int(DstGrid.size()),
                     Grids.data()};
}

StaticPlanTables toTables(const Plan &Pl, const DistributionND &Src,
                          const DistributionND &Dst) {
  StaticPlanTables T;
  T.N = Src.size();
  T.P = Src.procs();
  T.Q = Dst.procs();
  T.SrcFormat = Src.format(/*Full=*/true);
  T.DstFormat = Dst.format(/*Full=*/true);
  T.Scheduler = Pl.Used;
  T.Fingerprint = fingerprint(Pl);
  for (const Message &M : Pl.Table.Messages)
    T.Messages.push_back({M.Src, M.Dst, (long long)M.Size});
  T.StepOffsets.push_back(0);
  for (const auto &Step : Pl.Sched.Steps) {
    for (std::size_t M : Step)
      T.StepMessages.push_back(int(M));
    T.StepOffsets.push_back(int(T.StepMessages.size()));
  }
  if (!Pl.Sched.Groups.empty()) {
    T.GroupOffsets.push_back(0);
    int Steps = 0;
    for (const auto &G : Pl.Sched.Groups) {
      Steps += int(G.size());
      T.GroupOffsets.push_back(Steps);
    }
  }
  for (const Distribution &D : Src.dims())
    T.Extents.push_back(D.size());
  T.SrcGrid = Src.grid();
  T.DstGrid = Dst.grid();
  T.Grids = T.SrcGrid;
  T.Grids.insert(T.Grids.end(), T.DstGrid.begin(), T.DstGrid.end());
  return T;
}

StaticPlanTables toTables(const static_plan &S) {
  StaticPlanTables T;
  T.N = S.n;
  T.P = S.p;
  T.Q = S.q;
  T.SrcFormat = S.src_format ? S.src_format : "";
  T.DstFormat = S.dst_format ? S.dst_format : "";
  T.Scheduler = S.scheduler ? S.scheduler : "";
  T.Fingerprint = S.fingerprint;
  if (S.messages)
    T.Messages.assign(S.messages, S.messages + S.num_messages);
  if (S.step_offsets) {
    T.StepOffsets.assign(S.step_offsets, S.step_offsets + S.num_steps + 1);
    T.StepMessages.assign(S.step_messages,
                          S.step_messages + T.StepOffsets.back());
  }
  if (S.group_offsets)
    T.GroupOffsets.assign(S.group_offsets, S.group_offsets + S.num_groups + 1);
  if (S.extents)
    T.Extents.assign(S.extents, S.extents + S.rank);
  if (S.grids) {
    T.SrcGrid.assign(S.grids, S.grids + S.src_grid_rank);
    T.DstGrid.assign(S.grids + S.src_grid_rank,
                     S.grids + S.src_grid_rank + S.dst_grid_rank);
    T.Grids.assign(S.grids, S.grids + S.src_grid_rank + S.dst_grid_rank);
  }
  return T;
}

Plan toPlan(const StaticPlanTables &T) {
  Plan Pl;
  Pl.Table.P = T.P;
  Pl.Table.Q = T.Q;
  Pl.Table.N = T.N;
  for (const static_message &M : T.Messages)
    Pl.Table.Messages.push_back({M.src, M.dst, Index(M.size)});
  for (std::size_t S = 0; S + 1 < T.StepOffsets.size(); ++S) {
    std::vector<std::size_t> Step;
    for (int I = T.StepOffsets[S]; I < T.StepOffsets[S + 1]; ++I)
      Step.push_back(std::size_t(T.StepMessages[std::size_t(I)]));
    Pl.Sched.Steps.push_back(std::move(Step));
  }
  for (std::size_t G = 0; G + 1 < T.GroupOffsets.size(); ++G) {
    std::vector<std::size_t> Group;
    for (int S = T.GroupOffsets[G]; S < T.GroupOffsets[G + 1]; ++S)
      Group.push_back(std::size_t(S));
    Pl.Sched.Groups.push_back(std::move(Group));
  }
  Pl.Requested = Pl.Used = T.Scheduler;
  return Pl;
}

std::string cppStringLiteral(const std::string &S) {
  std::string R = "\"";
  for (char C : S) {
    const auto U = static_cast<unsigned char>(C);
    if (C == '"' || C == '\\') {
      R += '\\';
      R += C;
    } else if (U < 0x20 || U == 0x7f) {
      // Three octal digits: the escape cannot swallow a following digit.
      R += '\\';
      R += char('0' + (U >> 6));
      R += char('0' + ((U >> 3) & 7));
      R += char('0' + (U & 7));
    } else {
      R += C;
    }
  }
  return R + "\"";
}

namespace {

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

std::string toSource(const StaticPlanTables &T, const std::string &Name,
                     const std::string &Comment) {
  std::ostringstream OS;
  std::string Msg = Name + "_msg", StepOff = Name + "_stepoff",
              StepMsg = Name + "_stepmsg", GroupOff = Name + "_groupoff",
              Ext = Name + "_extents", Grids = Name + "_grids";
  OS << Comment;
  if (!T.Messages.empty()) {
    OS << "static const hpf::static_message " << Msg << "[] = {\n";
    list(OS, T.Messages.size(), [&](std::size_t I) {
      const static_message &M = T.Messages[I];
      return "{" + std::to_string(M.src) + ", " + std::to_string(M.dst) + ", " +
             std::to_string(M.size) + "}";
    });
    OS << "};\n";
  }
  auto Ints = [&](const char *Type, const std::string &N, const auto &V) {
    OS << "static const " << Type << " " << N << "[] = {\n";
    list(OS, V.size(), [&](std::size_t I) { return std::to_string(V[I]); });
    OS << "};\n";
  };
  Ints("int", StepOff, T.StepOffsets);
  Ints("int", StepMsg,
       T.StepMessages.empty() ? std::vector<int>{0} : T.StepMessages);
  if (!T.GroupOffsets.empty())
    Ints("int", GroupOff, T.GroupOffsets);
  Ints("long long", Ext, T.Extents);
  // No zero-length arrays in C++: (*) onto one processor has no grid.
  Ints("int", Grids, T.Grids.empty() ? std::vector<int>{0} : T.Grids);
  char FP[32];
  std::snprintf(FP, sizeof FP, "0x%016" PRIx64 "ull", T.Fingerprint);
  OS << "static const hpf::static_plan " << Name << " = {\n"
     << "    hpf::static_plan_version, " << T.N << ", " << T.P << ", " << T.Q
     << ",\n    " << cppStringLiteral(T.SrcFormat) << ", "
     << cppStringLiteral(T.DstFormat) << ", " << cppStringLiteral(T.Scheduler)
     << ", " << FP << ",\n    " << T.Messages.size() << ", "
     << (T.Messages.empty() ? "nullptr" : Msg) << ", "
     << (T.StepOffsets.size() - 1) << ", " << StepOff << ", " << StepMsg
     << ",\n    " << (T.GroupOffsets.empty() ? 0 : T.GroupOffsets.size() - 1)
     << ", " << (T.GroupOffsets.empty() ? "nullptr" : GroupOff) << ",\n    "
     << T.Extents.size() << ", " << Ext << ", " << T.SrcGrid.size() << ", "
     << T.DstGrid.size() << ", " << Grids << "};\n";
  return OS.str();
}

namespace {

std::string listText(const std::vector<long long> &V) {
  std::string S = "(";
  for (std::size_t I = 0; I < V.size(); ++I)
    S += (I ? ", " : "") + std::to_string(V[I]);
  return S + ")";
}

std::string listText(const std::vector<int> &V) {
  return listText(std::vector<long long>(V.begin(), V.end()));
}

/// The reason S does not fit Src -> Dst, or "" (Out is then the plan).
std::string mismatch(const static_plan &S, const DistributionND &Src,
                     const DistributionND &Dst, Plan &Out) {
  if (S.version != static_plan_version)
    return "version " + std::to_string(S.version) + ", runtime expects " +
           std::to_string(static_plan_version);
  std::vector<long long> Ext;
  for (const Distribution &D : Src.dims())
    Ext.push_back(D.size());
  StaticPlanTables T = toTables(S);
  if (S.n != Src.size() || S.p != Src.procs() || S.q != Dst.procs() ||
      T.Extents != Ext)
    return "plan is for n=" + std::to_string(S.n) +
           " p=" + std::to_string(S.p) + " q=" + std::to_string(S.q) +
           " extents " + listText(T.Extents) +
           ", arrays have n=" + std::to_string(Src.size()) +
           " p=" + std::to_string(Src.procs()) +
           " q=" + std::to_string(Dst.procs()) + " extents " + listText(Ext) +
           " (" + Src.format() + " -> " + Dst.format() + ")";
  if (T.SrcGrid != Src.grid() || T.DstGrid != Dst.grid())
    return "plan is for grids " + listText(T.SrcGrid) + " -> " +
           listText(T.DstGrid) + ", arrays are on " + listText(Src.grid()) +
           " -> " + listText(Dst.grid());
  Out = Plan();
  try {
    Out.Table = commTableFor(Src, Dst, /*WithRuns=*/true);
  } catch (const PlanError &E) {
    return E.what();
  }
  const auto &M = Out.Table.Messages;
  if (S.num_messages != int(M.size()))
    return std::to_string(S.num_messages) +
           " messages, the distributions give " + std::to_string(M.size());
  for (std::size_t I = 0; I < M.size(); ++I) {
    const static_message &X = S.messages[I];
    if (X.src != M[I].Src || X.dst != M[I].Dst || X.size != M[I].Size)
      return "message " + std::to_string(I) + " is " + std::to_string(X.src) +
             "->" + std::to_string(X.dst) + " size " + std::to_string(X.size) +
             ", expected " + std::to_string(M[I].Src) + "->" +
             std::to_string(M[I].Dst) + " size " + std::to_string(M[I].Size);
  }
  if (S.num_steps < 0 || (S.num_steps > 0 && !S.step_offsets))
    return "malformed step table";
  for (int St = 0; St < S.num_steps; ++St) {
    int B = S.step_offsets[St], E = S.step_offsets[St + 1];
    if (B < 0 || E < B || B > S.step_offsets[S.num_steps])
      return "malformed step offsets";
    std::vector<std::size_t> Step;
    for (int I = B; I < E; ++I) {
      int Msg = S.step_messages[I];
      if (Msg < 0 || Msg >= S.num_messages)
        return "step " + std::to_string(St) + " names message " +
               std::to_string(Msg);
      Step.push_back(std::size_t(Msg));
    }
    Out.Sched.Steps.push_back(std::move(Step));
  }
  for (int G = 0; G < S.num_groups; ++G) {
    int B = S.group_offsets[G], E = S.group_offsets[G + 1];
    if (B < 0 || E < B || E > S.num_steps)
      return "malformed group offsets";
    std::vector<std::size_t> Group;
    for (int St = B; St < E; ++St)
      Group.push_back(std::size_t(St));
    Out.Sched.Groups.push_back(std::move(Group));
  }
  Validation V = validate(Out.Table, Out.Sched);
  if (!V.Ok)
    return "the validator rejects its schedule: " + V.Errors.front();
  Out.Requested = "static";
  Out.Used = S.scheduler ? S.scheduler : "static";
  Out.Valid = true;
  Out.Cost = scheduleCost(Out.Table, Out.Sched);
  Out.Bounds = lowerBounds(Out.Table);
  if (fingerprint(Out) != S.fingerprint)
    return "fingerprint differs from the plan's tables (corrupt emission?)";
  return "";
}

} // namespace

std::string checkStaticPlan(const static_plan &S, const DistributionND &Src,
                            const DistributionND &Dst, Plan &Out) {
  std::string Why = mismatch(S, Src, Dst, Out);
  if (Why.empty())
    return Why;
  return std::string("static plan ") + (S.src_format ? S.src_format : "?") +
         " -> " + (S.dst_format ? S.dst_format : "?") +
         " does not fit this redistribution: " + Why;
}

} // namespace hpf::plan
