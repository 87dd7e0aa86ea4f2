//===- hpf-plan/TextReport.cpp - the papers' tables -----------------------===//

#include "Reports.h"

#include <algorithm>
#include <iomanip>
#include <string>
#include <vector>

namespace hpf::tools {

using plan::Index;

namespace {

constexpr int MatrixLimit = 32; // wider than this, print lists

int width(Index V) { return int(std::to_string(V).size()); }

void printMatrix(std::ostream &OS, const plan::CommTable &T) {
  auto M = T.matrix();
  int W = 2;
  for (const auto &Row : M)
    for (Index V : Row)
      W = std::max(W, width(V));
  W = std::max(W, 1 + width(T.Q - 1)) + 1;
  OS << "Communication table (elements; rows: source ranks, columns: "
        "destination ranks):\n      ";
  for (int J = 0; J < T.Q; ++J)
    OS << std::setw(W) << ("Q" + std::to_string(J));
  OS << "\n";
  for (int I = 0; I < T.P; ++I) {
    OS << std::setw(6) << std::left << ("P" + std::to_string(I)) << std::right;
    for (int J = 0; J < T.Q; ++J)
      OS << std::setw(W) << M[size_t(I)][size_t(J)];
    OS << "\n";
  }
}

void printMessageList(std::ostream &OS, const plan::CommTable &T) {
  OS << "Messages (" << T.Messages.size() << "; m<k>: source -> destination, "
     << "elements):\n";
  size_t Limit = std::min<size_t>(T.Messages.size(), 64);
  for (size_t I = 0; I < Limit; ++I) {
    const plan::Message &M = T.Messages[I];
    OS << "  m" << I + 1 << ": " << M.Src << " -> " << M.Dst << "  " << M.Size
       << (M.isLocal() ? "  (local)" : "") << "\n";
  }
  if (Limit < T.Messages.size())
    OS << "  ... " << T.Messages.size() - Limit << " more\n";
}

/// CS(i, k) = destination of source rank i in step k (paper 000's table).
void printScheduleTable(std::ostream &OS, const plan::Plan &P) {
  const plan::CommTable &T = P.Table;
  const auto &Steps = P.Sched.Steps;
  std::vector<std::vector<int>> CS(size_t(T.P),
                                   std::vector<int>(Steps.size(), -1));
  for (size_t S = 0; S < Steps.size(); ++S)
    for (size_t Idx : Steps[S])
      CS[size_t(T.Messages[Idx].Src)][S] = T.Messages[Idx].Dst;
  int W = std::max(width(T.Q - 1), width(Index(Steps.size()))) + 2;
  OS << "Schedule table (destination of each source rank per step; "
        "'-' = idle):\n      ";
  for (size_t S = 0; S < Steps.size(); ++S)
    OS << std::setw(W) << ("s" + std::to_string(S + 1));
  OS << "\n";
  for (int I = 0; I < T.P; ++I) {
    OS << std::setw(6) << std::left << ("P" + std::to_string(I)) << std::right;
    for (int D : CS[size_t(I)])
      OS << std::setw(W) << (D < 0 ? std::string("-") : std::to_string(D));
    OS << "\n";
  }
}

void printStepList(std::ostream &OS, const plan::Plan &P) {
  const plan::CommTable &T = P.Table;
  auto Groups = P.Sched.effectiveGroups();
  size_t Shown = 0;
  for (size_t G = 0; G < Groups.size(); ++G) {
    bool Large = Groups[G].size() > 1;
    if (Large)
      OS << "  large step " << G + 1 << ":\n";
    for (size_t S : Groups[G]) {
      if (++Shown > 64) {
        OS << "  ... " << P.Sched.Steps.size() - 64 << " more steps\n";
        return;
      }
      const auto &Step = P.Sched.Steps[S];
      Index Max = 0;
      for (size_t Idx : Step)
        Max = std::max(Max, T.Messages[Idx].Size);
      OS << (Large ? "    " : "  ") << "step " << S + 1 << " (largest " << Max
         << "):";
      size_t Limit = std::min<size_t>(Step.size(), 24);
      for (size_t K = 0; K < Limit; ++K) {
        const plan::Message &M = T.Messages[Step[K]];
        OS << " m" << Step[K] + 1 << "(" << M.Src << "->" << M.Dst << ":"
           << M.Size << ")";
      }
      if (Limit < Step.size())
        OS << " ... " << Step.size() - Limit << " more";
      OS << "\n";
    }
  }
}

} // namespace

void printText(std::ostream &OS, const plan::Distribution &Src,
               const plan::Distribution &Dst, const plan::Plan &P,
               const plan::CostModel &Model) {
  const plan::CommTable &T = P.Table;
  OS << "Redistribution " << Src.format() << " on " << Src.procs() << " -> "
     << Dst.format() << " on " << Dst.procs() << ", n = " << T.N << "\n";
  OS << "Scheduler: " << P.Used;
  if (P.Used != P.Requested)
    OS << " (requested " << P.Requested << ")";
  OS << "\n";
  for (const std::string &N : P.Notes)
    OS << "Note: " << N << "\n";
  OS << "\n";
  bool Small = T.P <= MatrixLimit && T.Q <= MatrixLimit;
  if (Small)
    printMatrix(OS, T);
  else
    printMessageList(OS, T);
  OS << "\n";
  if (Small)
    printScheduleTable(OS, P);
  OS << "Steps:\n";
  printStepList(OS, P);
  OS << "\n";
  double Ratio = P.Bounds.Volume ? double(P.Cost) / double(P.Bounds.Volume) : 1;
  OS << "messages " << T.Messages.size() << ", steps " << P.Sched.stepCount()
     << " (max degree " << P.Bounds.Steps << "), cost " << P.Cost
     << " (lower bound " << P.Bounds.Volume << ", ratio " << std::fixed
     << std::setprecision(3) << Ratio << "), predicted " << std::setprecision(3)
     << plan::predictedSeconds(T, P.Sched, Model) * 1e3 << " ms, "
     << (P.Valid ? "valid" : "INVALID") << "\n";
  OS.unsetf(std::ios::fixed);
}

} // namespace hpf::tools
