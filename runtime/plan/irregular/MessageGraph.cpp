//===- plan/irregular/MessageGraph.cpp - the bipartite message graph ------===//

#include "plan/irregular/MessageGraph.h"

#include <algorithm>

namespace hpf::plan::irregular {

MessageGraph::MessageGraph(const CommTable &T, const CostWeights &Weights)
    : P(T.P), Q(T.Q), Incident(std::size_t(T.P + T.Q)) {
  const std::size_t E = T.Messages.size();
  From.resize(E);
  To.resize(E);
  W.resize(E);
  for (std::size_t I = 0; I < E; ++I) {
    const Message &M = T.Messages[I];
    From[I] = M.Src;
    To[I] = P + M.Dst;
    W[I] = Weights.weight(M);
    Incident[std::size_t(From[I])].push_back(I);
    Incident[std::size_t(To[I])].push_back(I);
  }
}

int MessageGraph::maxDegree() const {
  std::size_t D = 0;
  for (const auto &Inc : Incident)
    D = std::max(D, Inc.size());
  return int(D);
}

bool isStaircase(const CommTable &T, std::string *WhyNot) {
  for (std::size_t I = 1; I < T.Messages.size(); ++I) {
    const Message &A = T.Messages[I - 1], &B = T.Messages[I];
    if (B.Dst < A.Dst) {
      if (WhyNot)
        *WhyNot = "needs a gen_block-like (staircase) message table: rank " +
                  std::to_string(B.Src) + " sends to rank " +
                  std::to_string(B.Dst) + " below rank " +
                  std::to_string(A.Src) + "'s destination " +
                  std::to_string(A.Dst);
      return false;
    }
  }
  return true;
}

double stepsCost(const MessageGraph &G,
                 const std::vector<std::vector<std::size_t>> &Steps) {
  double Sum = 0;
  for (const auto &Step : Steps) {
    double Max = 0;
    for (std::size_t I : Step)
      Max = std::max(Max, G.W[I]);
    Sum += Max;
  }
  return Sum;
}

std::vector<std::vector<std::size_t>>
stepsFromAssignment(const std::vector<int> &StepOf) {
  int Count = 0;
  for (int S : StepOf)
    Count = std::max(Count, S + 1);
  std::vector<std::vector<std::size_t>> Steps(static_cast<std::size_t>(Count));
  for (std::size_t I = 0; I < StepOf.size(); ++I)
    if (StepOf[I] >= 0)
      Steps[std::size_t(StepOf[I])].push_back(I);
  std::erase_if(Steps, [](const auto &S) { return S.empty(); });
  return Steps;
}

} // namespace hpf::plan::irregular
