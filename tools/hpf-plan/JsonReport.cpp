//===- hpf-plan/JsonReport.cpp - the hpf-plan JSON contract ---------------===//

#include "Reports.h"

namespace hpf::tools {

nlohmann::ordered_json planJson(const plan::Distribution &Src,
                                const plan::Distribution &Dst,
                                const plan::Plan &P) {
  using Json = nlohmann::ordered_json;
  const plan::CommTable &T = P.Table;
  auto MessageJson = [&](const plan::Message &M) {
    return Json{{"src", M.Src}, {"dst", M.Dst}, {"size", M.Size}};
  };
  Json J;
  J["src"] = Src.format(/*Full=*/true);
  J["dst"] = Dst.format(/*Full=*/true);
  J["n"] = T.N;
  J["p"] = T.P;
  J["q"] = T.Q;
  J["scheduler"] = P.Used;
  Json Messages = Json::array();
  for (const plan::Message &M : T.Messages)
    Messages.push_back(MessageJson(M));
  J["messages"] = std::move(Messages);
  Json Steps = Json::array();
  for (const auto &Step : P.Sched.Steps) {
    Json S = Json::array();
    for (size_t Idx : Step)
      S.push_back(MessageJson(T.Messages[Idx]));
    Steps.push_back(std::move(S));
  }
  J["steps"] = std::move(Steps);
  J["groups"] = P.Sched.effectiveGroups();
  J["max_degree"] = P.Bounds.Steps;
  J["cost"] = P.Cost;
  J["lower_bound"] = P.Bounds.Volume;
  J["valid"] = P.Valid;
  if (P.Requested != P.Used)
    J["requested_scheduler"] = P.Requested;
  if (!P.Notes.empty())
    J["notes"] = P.Notes;
  return J;
}

} // namespace hpf::tools
