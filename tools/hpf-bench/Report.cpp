//===- hpf-bench/Report.cpp - timing and the report of one run ------------===//

#include "Report.h"

#include "Baselines.h"

#include "mpi/hpfrt.h"

#include <mpi.h>
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace hpf::bench {

namespace {
/// This process's user and system CPU seconds so far (all threads).
std::pair<double, double> cpuNow() {
  rusage U{};
  getrusage(RUSAGE_SELF, &U);
  auto S = [](const timeval &V) { return double(V.tv_sec) + 1e-6 * V.tv_usec; };
  return {S(U.ru_utime), S(U.ru_stime)};
}
/// The machine's system and softirq CPU seconds so far (0 where there is
/// no /proc/stat).
std::pair<double, double> hostNow() {
  std::ifstream F("/proc/stat");
  std::string Cpu;
  double V[7] = {};
  F >> Cpu >> V[0] >> V[1] >> V[2] >> V[3] >> V[4] >> V[5] >> V[6];
  const double Hz = 100; // USER_HZ
  return {V[2] / Hz, V[6] / Hz};
}
} // namespace

std::vector<double> timeIt(int Reps, const std::function<void()> &Fn,
                           const std::function<void()> &Reset, Row *Cpu) {
  std::vector<double> T;
  Reset();
  Fn(); // warm-up: plan, buffers, datatypes, page faults
  double User = 0, Sys = 0, HSys = 0, HIrq = 0;
  for (int R = 0; R < Reps; ++R) {
    Reset();
    barrier();
    auto [H0, I0] = hostNow();
    auto [U0, S0] = cpuNow();
    double T0 = MPI_Wtime();
    Fn();
    double Dt = MPI_Wtime() - T0;
    auto [U1, S1] = cpuNow();
    User += U1 - U0;
    Sys += S1 - S0;
    T.push_back(allreduce_max(Dt));
    auto [H1, I1] = hostNow(); // every rank has finished
    HSys += H1 - H0;
    HIrq += I1 - I0;
  }
#ifdef HPF_SMPI
  Cpu = nullptr; // one simulator process: its CPU is not a rank's
#endif
  if (Cpu && Reps > 0) {
    // Per repetition; the CPU a redistribution costs beyond its wall time
    // (polling, packing) shows when ranks share cores.
    double Mine[2] = {User / Reps, Sys / Reps}, Sum[2];
    MPI_Allreduce(Mine, Sum, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    int W = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &W);
    Cpu->CpuUser = Sum[0] / W;
    Cpu->CpuSys = Sum[1] / W;
    Cpu->CpuMax = allreduce_max(Mine[0] + Mine[1]);
    Cpu->HostSys = HSys / Reps; // rank 0's reading is the one reported
    Cpu->HostSoftirq = HIrq / Reps;
  }
  return T;
}

void summarize(Row &R, std::vector<double> T) {
  std::sort(T.begin(), T.end());
  R.Ran = true;
  R.Min = T.front();
  R.Median = T.size() % 2 ? T[T.size() / 2]
                          : 0.5 * (T[T.size() / 2 - 1] + T[T.size() / 2]);
}

bool wants(const std::string &List, const std::string &Name) {
  if (List == "all")
    return true;
  std::stringstream SS(List);
  std::string Item;
  while (std::getline(SS, Item, ','))
    if (Item == Name)
      return true;
  return false;
}

Row timeBaseline(const std::string &Name, Baseline *B,
                 const std::string &WhyNot, int Reps, const double *Src,
                 std::vector<double> &Dst,
                 const std::function<bool(const double *)> &Check) {
  Row R{Name, "baseline", WhyNot};
  if (B) {
    std::fill(Dst.begin(), Dst.end(), 0.0);
    summarize(R, timeIt(
                     Reps, [&] { B->run(Src, Dst.data()); }, [] {}, &R));
    if (Check)
      R.Correct = Check(Dst.data());
  }
  return R;
}

void timeStrategies(
    std::vector<Row> &Rows, const std::string &Wanted, int Reps,
    const redistribute_options &Base,
    const std::function<StrategyRun(const redistribute_options &)> &Make,
    const std::function<bool(const double *)> &Check) {
  for (const std::string &St : strategies()) {
    if (!wants(Wanted, St))
      continue;
    Row R{"hpfrt " + St, "hpfrt", ""};
    redistribute_options O = Base;
    O.strategy = St.c_str();
    StrategyRun Run = Make(O);
    summarize(R, timeIt(Reps, Run.To, Run.Back, &R));
    R.Correct = Check(Run.Result());
    // The row says what really ran (shm across nodes runs async).
    const char *Ran = rt::lastExecutor();
    if (Ran && St != Ran)
      R.Note = std::string("ran ") + Ran;
    else if (St == default_strategy())
      R.Note = "default";
    Rows.push_back(R);
  }
}

std::string json(const std::string &S) {
  std::string O = "\"";
  for (char C : S)
    O += (C == '"' || C == '\\') ? std::string("\\") + C : std::string(1, C);
  return O + "\"";
}

int report(const Header &H, const std::vector<Row> &Rows,
           const std::string &Format) {
  bool AllCorrect = true;
  for (const Row &R : Rows)
    AllCorrect &= R.Correct;
  if (!is_root())
    return AllCorrect ? 0 : 1;
  const Row *Memcpy = nullptr, *Default = nullptr;
  for (const Row &R : Rows) {
    if (R.Name == "memcpy (1 process)" && R.Ran)
      Memcpy = &R;
    if (R.Note == "default")
      Default = &R;
  }
  const double Bytes = H.Bytes;
  if (Format == "json") {
    std::printf("{\"src\": %s, \"dst\": %s, \"n\": %lld, \"bytes\": %.0f, "
                "\"p\": %d, \"q\": %d, \"ranks\": %d, \"reps\": %d, "
                "\"scheduler\": %s, \"plan_first_s\": %.9f, "
                "\"plan_cached_s\": %.9f, \"messages\": %zu, \"steps\": %zu, ",
                json(H.Src).c_str(), json(H.Dst).c_str(), (long long)H.N, Bytes,
                H.P, H.Q, H.Ranks, H.Reps, json(H.Scheduler).c_str(),
                H.PlanFirst, H.PlanCached, H.Messages, H.Steps);
    for (const auto &[Key, Value] : H.Json)
      std::printf("%s: %s, ", json(Key).c_str(), Value.c_str());
    std::printf("\"default_strategy\": %s, \"rows\": [",
                json(default_strategy()).c_str());
    bool First = true;
    for (const Row &R : Rows) {
      std::printf("%s\n  {\"name\": %s, \"kind\": %s, \"ran\": %s",
                  First ? "" : ",", json(R.Name).c_str(), json(R.Kind).c_str(),
                  R.Ran ? "true" : "false");
      if (R.Ran)
        std::printf(", \"median_s\": %.9f, \"min_s\": %.9f, \"gbps\": %.3f, "
                    "\"correct\": %s",
                    R.Median, R.Min, Bytes / R.Median / 1e9,
                    R.Correct ? "true" : "false");
      if (R.Ran && R.CpuMax > 0)
        std::printf(", \"cpu_user_s\": %.6f, \"cpu_sys_s\": %.6f, "
                    "\"cpu_max_s\": %.6f, \"host_sys_s\": %.3f, "
                    "\"host_softirq_s\": %.3f",
                    R.CpuUser, R.CpuSys, R.CpuMax, R.HostSys, R.HostSoftirq);
      if (!R.Note.empty())
        std::printf(", \"note\": %s", json(R.Note).c_str());
      std::printf("}");
      First = false;
    }
    std::printf("]}\n");
  } else {
    std::printf("hpf-bench: %s\n", H.Title.c_str());
    std::printf("plan (%s): %zu messages, %zu steps; computed in %.3f ms, "
                "cached lookup %.3f ms%s\n",
                H.Scheduler.c_str(), H.Messages, H.Steps, H.PlanFirst * 1e3,
                H.PlanCached * 1e3, H.PlanNote.c_str());
    std::printf("%-34s %11s %11s %8s %9s %9s\n", "", "median ms", "min ms",
                "GB/s", "/default", "/memcpy");
    for (const Row &R : Rows) {
      if (!R.Ran) {
        std::printf("%-34s %s\n", R.Name.c_str(), ("n/a: " + R.Note).c_str());
        continue;
      }
      std::printf("%-34s %11.3f %11.3f %8.2f", R.Name.c_str(), R.Median * 1e3,
                  R.Min * 1e3, Bytes / R.Median / 1e9);
      if (Default)
        std::printf(" %9.2f", R.Median / Default->Median);
      else
        std::printf(" %9s", "");
      if (Memcpy)
        std::printf(" %9.2f", R.Median / Memcpy->Median);
      std::printf("%s%s\n",
                  R.Note.empty() ? "" : ("  (" + R.Note + ")").c_str(),
                  R.Correct ? "" : "  WRONG VALUES");
    }
  }
  return AllCorrect ? 0 : 1;
}

Header planHeader(const plan::DistributionND &S, const plan::DistributionND &D,
                  plan::Index N, double Bytes, int Ranks, int Reps,
                  const plan::Plan &Pl, double PlanFirst, double PlanCached) {
  Header H;
  H.Src = S.format();
  H.Dst = D.format();
  H.N = N;
  H.Bytes = Bytes;
  H.P = S.procs();
  H.Q = D.procs();
  H.Ranks = Ranks;
  H.Reps = Reps;
  H.Scheduler = Pl.Used;
  H.PlanFirst = PlanFirst;
  H.PlanCached = PlanCached;
  H.Messages = Pl.Table.Messages.size();
  H.Steps = Pl.Sched.Steps.size();
  // Who sends how much to whom, so that a harness knowing which host each
  // rank runs on can compute the ideal time (busiest link) without
  // re-deriving the plan (test/cluster/ideal.py).
  std::string Traffic = "[";
  for (const plan::Message &M : Pl.Table.Messages)
    Traffic += (Traffic.size() > 1 ? ", [" : "[") + std::to_string(M.Src) +
               ", " + std::to_string(M.Dst) + ", " + std::to_string(M.Size) +
               "]";
  H.Json.push_back({"traffic_elems", Traffic + "]"});
  return H;
}

} // namespace hpf::bench
