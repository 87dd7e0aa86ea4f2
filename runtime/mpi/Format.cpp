//===- mpi/Format.cpp - distribution formats as written -------------------===//

#include "mpi/Format.h"

namespace hpf {

plan::Distribution format::instantiate(index_t N, int Procs,
                                       const char *Operation,
                                       const char *Where) const {
  try {
    return Spec.instantiate(N, Procs);
  } catch (const plan::PlanError &E) {
    fail(Operation,
         std::string(E.what()) + " (format " + str() + ", " +
             std::to_string(N) + " elements on " + std::to_string(Procs) +
             " processors)",
         Where);
  }
}

std::string format::str() const {
  switch (Spec.Kind) {
  case plan::DistKind::Block:
    return "block";
  case plan::DistKind::BlockSize:
    return "block(" + std::to_string(Spec.Param) + ")";
  case plan::DistKind::Cyclic:
    return Spec.Param <= 1 ? "cyclic"
                           : "cyclic(" + std::to_string(Spec.Param) + ")";
  case plan::DistKind::Collapsed:
    return "*";
  case plan::DistKind::GenBlock:
  case plan::DistKind::Indirect: {
    std::string S =
        Spec.Kind == plan::DistKind::GenBlock ? "gen_block(" : "indirect(";
    for (std::size_t I = 0; I < Spec.Values.size() && I < 16; ++I) {
      if (I)
        S += ',';
      S += std::to_string(Spec.Values[I]);
    }
    if (Spec.Values.size() > 16)
      S += ",...";
    return S + ")";
  }
  }
  return "?";
}

format block() {
  return format(plan::FormatSpec{plan::DistKind::Block, 0, {}});
}

format block(index_t K) {
  return format(plan::FormatSpec{plan::DistKind::BlockSize, K, {}});
}

format cyclic(index_t K) {
  return format(plan::FormatSpec{plan::DistKind::Cyclic, K, {}});
}

format collapsed() {
  return format(plan::FormatSpec{plan::DistKind::Collapsed, 0, {}});
}

format parse_format(const char *Text, const char *Where) {
  try {
    return format(plan::parseFormat(Text ? Text : ""));
  } catch (const plan::PlanError &E) {
    fail("format", E.what(), Where);
  }
}

namespace rt {
format genBlockFrom(std::vector<index_t> Sizes) {
  return format(
      plan::FormatSpec{plan::DistKind::GenBlock, 0, std::move(Sizes)});
}
format indirectFrom(std::vector<index_t> Owners) {
  return format(
      plan::FormatSpec{plan::DistKind::Indirect, 0, std::move(Owners)});
}
} // namespace rt

} // namespace hpf
