//===- plan/irregular/MessageGraph.h - the bipartite message graph -*- C++ -*-//
//
// The view the irregular schedulers (papers 002 and 004) share: vertex SP_s
// (sender role of rank s) is vertex s, vertex DP_d (receiver role of rank d)
// is vertex P + d, message i is the edge between them, weighted by the LMR
// cost weight (size, or size / ratio for a local message). A rank may send
// one message and receive one in the same step, so its two roles are two
// vertices; a local message (s == d) is an edge like any other.
//
// Staircase: a table whose messages, in CommTable order (by source rank),
// never go back to a lower destination rank. Every gen_block -> gen_block
// table (and every pair of in-order contiguous distributions) is one; its
// graph is a forest of caterpillars in which a vertex's messages are
// consecutive and only its first and last message can lead to a vertex of
// degree > 1 (a middle message's other end has no other message: its range
// lies inside this vertex's). TPDR, DCA and relocation rely on that
// structure, so they apply exactly to staircase tables.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_PLAN_IRREGULAR_MESSAGEGRAPH_H
#define HPF_PLAN_IRREGULAR_MESSAGEGRAPH_H

#include "plan/CommTable.h"
#include "plan/Schedule.h"

#include <cstddef>
#include <string>
#include <vector>

namespace hpf::plan::irregular {

struct MessageGraph {
  int P = 0, Q = 0;
  std::vector<int> From, To; ///< vertex ids of each message's ends
  std::vector<double> W;     ///< LMR weight of each message
  /// Incident messages of every vertex, in message (staircase) order.
  std::vector<std::vector<std::size_t>> Incident;

  MessageGraph(const CommTable &T, const CostWeights &Weights);
  std::size_t messages() const { return W.size(); }
  int vertices() const { return P + Q; }
  int maxDegree() const;
  bool shareEnd(std::size_t A, std::size_t B) const {
    return From[A] == From[B] || To[A] == To[B];
  }
};

/// True if the table is a staircase (see the file comment); otherwise WhyNot
/// (when non-null) names the first message that breaks it.
bool isStaircase(const CommTable &T, std::string *WhyNot);

/// Sum over steps of the largest weight in each step (no groups).
double stepsCost(const MessageGraph &G,
                 const std::vector<std::vector<std::size_t>> &Steps);

/// Steps from a step number per message (-1 = unplaced, ignored), in step
/// order, each step's messages sorted; empty steps dropped.
std::vector<std::vector<std::size_t>>
stepsFromAssignment(const std::vector<int> &StepOf);

} // namespace hpf::plan::irregular

#endif // HPF_PLAN_IRREGULAR_MESSAGEGRAPH_H
