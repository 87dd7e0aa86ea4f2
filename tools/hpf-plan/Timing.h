//===- hpf-plan/Timing.h - timing helpers of the benchmark commands -*- C++ -*-//
#ifndef HPF_TOOLS_HPF_PLAN_TIMING_H
#define HPF_TOOLS_HPF_PLAN_TIMING_H

#include <algorithm>
#include <chrono>
#include <vector>

namespace hpf::tools {

/// Median wall time of Reps calls of F, in microseconds.
template <typename Fn> double medianMicros(int Reps, Fn &&F) {
  using Clock = std::chrono::steady_clock;
  std::vector<double> T;
  for (int R = 0; R < Reps; ++R) {
    auto T0 = Clock::now();
    F();
    T.push_back(
        std::chrono::duration<double, std::micro>(Clock::now() - T0).count());
  }
  std::sort(T.begin(), T.end());
  return T[T.size() / 2];
}

} // namespace hpf::tools

#endif // HPF_TOOLS_HPF_PLAN_TIMING_H
