//===- plan/Schedule.cpp - validator, cost and lower bounds ---------------===//

#include "plan/Schedule.h"

#include <algorithm>
#include <string>

namespace hpf::plan {

std::vector<std::vector<std::size_t>> Schedule::effectiveGroups() const {
  if (!Groups.empty())
    return Groups;
  std::vector<std::vector<std::size_t>> G(Steps.size());
  for (std::size_t S = 0; S < Steps.size(); ++S)
    G[S] = {S};
  return G;
}

void Schedule::dropEmptySteps() {
  std::vector<std::size_t> NewIndex(Steps.size(), SIZE_MAX);
  std::vector<std::vector<std::size_t>> Kept;
  for (std::size_t S = 0; S < Steps.size(); ++S)
    if (!Steps[S].empty()) {
      NewIndex[S] = Kept.size();
      Kept.push_back(std::move(Steps[S]));
    }
  Steps = std::move(Kept);
  std::vector<std::vector<std::size_t>> NewGroups;
  for (const auto &G : Groups) {
    std::vector<std::size_t> NG;
    for (std::size_t S : G)
      if (S < NewIndex.size() && NewIndex[S] != SIZE_MAX)
        NG.push_back(NewIndex[S]);
    if (!NG.empty())
      NewGroups.push_back(std::move(NG));
  }
  Groups = std::move(NewGroups);
}

namespace {
std::string describe(const Message &M) {
  return std::to_string(M.Src) + "->" + std::to_string(M.Dst);
}

/// Self-timed run of a group: every rank handles its messages one at a
/// time in step order, and a message starts when both its sender and its
/// receiver are free. Node-contention-free by construction; returns the
/// finishing time and the largest volume one rank moves.
std::pair<Index, Index> selfTimedRun(const CommTable &T, const Schedule &S,
                                     const std::vector<std::size_t> &Group,
                                     int *Late) {
  std::vector<Index> SendFree(size_t(T.P), 0), RecvFree(size_t(T.Q), 0),
      SendVol(size_t(T.P), 0), RecvVol(size_t(T.Q), 0);
  Index End = 0, Volume = 0;
  for (std::size_t St : Group)
    for (std::size_t Idx : S.Steps[St]) {
      const Message &M = T.Messages[Idx];
      Index Start = std::max(SendFree[size_t(M.Src)], RecvFree[size_t(M.Dst)]);
      SendFree[size_t(M.Src)] = RecvFree[size_t(M.Dst)] = Start + M.Size;
      if (Start + M.Size > End) {
        End = Start + M.Size;
        if (Late)
          *Late = M.Src;
      }
      Volume = std::max({Volume, SendVol[size_t(M.Src)] += M.Size,
                         RecvVol[size_t(M.Dst)] += M.Size});
    }
  return {End, Volume};
}
} // namespace

bool groupRunsUncontended(const CommTable &T, const Schedule &S,
                          const std::vector<std::size_t> &Group,
                          std::string *Why) {
  if (Group.size() <= 1)
    return true;
  for (std::size_t St : Group) {
    if (St >= S.Steps.size())
      return false; // reported by validate() as out of range
    for (std::size_t Idx : S.Steps[St])
      if (Idx >= T.Messages.size())
        return false;
  }
  int Late = 0;
  auto [End, Volume] = selfTimedRun(T, S, Group, &Late);
  if (End == Volume)
    return true;
  if (Why)
    *Why = "ranks handling their messages in step order finish at " +
           std::to_string(End) + " (rank " + std::to_string(Late) +
           " waits for busy partners), later than the largest volume " +
           std::to_string(Volume) + " the cost charges";
  return false;
}

Validation validate(const CommTable &Table, const Schedule &S) {
  constexpr std::size_t MaxErrors = 20;
  Validation V;
  auto Fail = [&](std::string Msg) {
    V.Ok = false;
    if (V.Errors.size() < MaxErrors)
      V.Errors.push_back(std::move(Msg));
  };
  const std::size_t NumMsgs = Table.Messages.size();
  std::vector<std::size_t> SeenAt(NumMsgs, SIZE_MAX);
  // Last step in which a rank sent / received, and through which message.
  std::vector<std::size_t> SendStep(size_t(Table.P), SIZE_MAX),
      RecvStep(size_t(Table.Q), SIZE_MAX), SendMsg(size_t(Table.P)),
      RecvMsg(size_t(Table.Q));
  for (std::size_t St = 0; St < S.Steps.size(); ++St) {
    for (std::size_t Idx : S.Steps[St]) {
      if (Idx >= NumMsgs) {
        Fail("step " + std::to_string(St) + ": message index " +
             std::to_string(Idx) + " out of range (table has " +
             std::to_string(NumMsgs) + ")");
        continue;
      }
      const Message &M = Table.Messages[Idx];
      if (SeenAt[Idx] != SIZE_MAX) {
        Fail("message " + describe(M) + " scheduled twice (steps " +
             std::to_string(SeenAt[Idx]) + " and " + std::to_string(St) + ")");
        continue;
      }
      SeenAt[Idx] = St;
      if (SendStep[size_t(M.Src)] == St)
        Fail("step " + std::to_string(St) + ": rank " + std::to_string(M.Src) +
             " sends twice (" +
             describe(Table.Messages[SendMsg[size_t(M.Src)]]) + " and " +
             describe(M) + ")");
      if (RecvStep[size_t(M.Dst)] == St)
        Fail("step " + std::to_string(St) + ": rank " + std::to_string(M.Dst) +
             " receives twice (" +
             describe(Table.Messages[RecvMsg[size_t(M.Dst)]]) + " and " +
             describe(M) + ")");
      SendStep[size_t(M.Src)] = St;
      SendMsg[size_t(M.Src)] = Idx;
      RecvStep[size_t(M.Dst)] = St;
      RecvMsg[size_t(M.Dst)] = Idx;
    }
  }
  for (std::size_t I = 0; I < NumMsgs; ++I)
    if (SeenAt[I] == SIZE_MAX)
      Fail("message " + describe(Table.Messages[I]) + " (" +
           std::to_string(Table.Messages[I].Size) + " elements) never sent");
  if (!S.Groups.empty()) {
    std::size_t Next = 0;
    for (std::size_t G = 0; G < S.Groups.size(); ++G) {
      if (S.Groups[G].empty())
        Fail("group " + std::to_string(G) + " is empty");
      for (std::size_t St : S.Groups[G]) {
        if (St != Next) {
          Fail("group " + std::to_string(G) + " holds step " +
               std::to_string(St) + " where step " + std::to_string(Next) +
               " was expected (groups must cover the steps in order)");
          Next = St;
        }
        ++Next;
      }
    }
    if (Next != S.Steps.size())
      Fail("groups cover " + std::to_string(Next) + " of " +
           std::to_string(S.Steps.size()) + " steps");
    for (std::size_t G = 0; V.Ok && G < S.Groups.size(); ++G) {
      std::string Why;
      if (!groupRunsUncontended(Table, S, S.Groups[G], &Why))
        Fail("group " + std::to_string(G) +
             " cannot run as one large step: " + Why);
    }
  }
  return V;
}

namespace {

/// Sum over groups: a single step costs its largest message, a group of
/// several steps the largest volume a rank sends or receives inside it.
template <typename V, typename WeightFn>
V totalCost(const CommTable &T, const Schedule &S, WeightFn Weight) {
  std::vector<V> Out(size_t(T.P), 0), In(size_t(T.Q), 0);
  V Sum = 0;
  for (const auto &G : S.effectiveGroups()) {
    V Max = 0;
    if (G.size() == 1) {
      for (std::size_t Idx : S.Steps[G[0]])
        Max = std::max(Max, V(Weight(T.Messages[Idx])));
    } else {
      for (std::size_t St : G)
        for (std::size_t Idx : S.Steps[St]) {
          const Message &M = T.Messages[Idx];
          V W = Weight(M);
          Max =
              std::max({Max, Out[size_t(M.Src)] += W, In[size_t(M.Dst)] += W});
        }
      for (std::size_t St : G)
        for (std::size_t Idx : S.Steps[St]) {
          Out[size_t(T.Messages[Idx].Src)] = 0;
          In[size_t(T.Messages[Idx].Dst)] = 0;
        }
    }
    Sum += Max;
  }
  return Sum;
}

} // namespace

Index scheduleCost(const CommTable &T, const Schedule &S) {
  return totalCost<Index>(T, S, [](const Message &M) { return M.Size; });
}

double weightedScheduleCost(const CommTable &T, const Schedule &S,
                            const CostWeights &W) {
  return totalCost<double>(T, S, [&](const Message &M) { return W.weight(M); });
}

LowerBounds lowerBounds(const CommTable &T) {
  return {T.maxDegree(), T.volumeLowerBound()};
}

double predictedSeconds(const CommTable &T, const Schedule &S,
                        const CostModel &Model) {
  double Seconds = 0;
  std::vector<int> Sends(size_t(T.P), 0), Recvs(size_t(T.Q), 0);
  for (const auto &G : S.effectiveGroups()) {
    int Busiest = 0;
    for (std::size_t St : G)
      for (std::size_t Idx : S.Steps[St]) {
        const Message &M = T.Messages[Idx];
        Busiest =
            std::max({Busiest, ++Sends[size_t(M.Src)], ++Recvs[size_t(M.Dst)]});
      }
    for (std::size_t St : G)
      for (std::size_t Idx : S.Steps[St]) {
        Sends[size_t(T.Messages[Idx].Src)] = 0;
        Recvs[size_t(T.Messages[Idx].Dst)] = 0;
      }
    Seconds += Model.StartupSeconds * Busiest;
  }
  return Seconds + Model.SecondsPerElement * double(scheduleCost(T, S));
}

} // namespace hpf::plan
