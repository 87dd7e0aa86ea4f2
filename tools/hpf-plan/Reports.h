//===- hpf-plan/Reports.h - text, JSON and SVG views of a plan --*- C++ -*-===//
#ifndef HPF_TOOLS_HPF_PLAN_REPORTS_H
#define HPF_TOOLS_HPF_PLAN_REPORTS_H

#include "plan/Distribution.h"
#include "plan/Plan.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace hpf::tools {

/// The communication table and the schedule table as the papers print them
/// (matrices up to 32 ranks, message lists beyond), then steps, cost and
/// lower bounds.
void printText(std::ostream &OS, const plan::Distribution &Src,
               const plan::Distribution &Dst, const plan::Plan &P,
               const plan::CostModel &Model);

/// The JSON object of DESIGN.md section 5 (key order as documented).
nlohmann::ordered_json planJson(const plan::Distribution &Src,
                                const plan::Distribution &Dst,
                                const plan::Plan &P);

/// A Gantt chart: ranks as rows, steps as columns as wide as their cost,
/// each message a bar as long as its size.
void printSvg(std::ostream &OS, const plan::Distribution &Src,
              const plan::Distribution &Dst, const plan::Plan &P);

} // namespace hpf::tools

#endif // HPF_TOOLS_HPF_PLAN_REPORTS_H
