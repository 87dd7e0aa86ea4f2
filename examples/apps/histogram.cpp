// Histogram of a synthetic sensor signal: counts per bin, per-bin sums and
// extremes, a 2-D joint histogram of neighbouring samples, then percentiles
// from the cumulative counts. The arrays of bins are reduction variables
// (`reduction(+: count)` over `long count[32]`, as OpenMP 4.5 has them):
// each rank fills its own copy over the samples it owns, and one
// MPI_Allreduce per array adds the copies.
//   hpfcc -O2 histogram.cpp -o histogram && mpiexec.mpich -n 4 ./histogram
#include <algorithm>
#include <cstdint>
#include <cstdio>

constexpr int N = 1 << 16, Bins = 32, Joint = 8;
#pragma hpf processors P(*)
double X[N];
#pragma hpf distribute X(block) onto P

/// A reproducible pseudo-random value in [0, 1) from a sample index.
static double noise(std::uint32_t i) {
  std::uint32_t h = i * 2654435761u;
  h ^= h >> 15;
  h *= 2246822519u;
  h ^= h >> 13;
  return (h & 0xffffff) / double(1 << 24);
}

int main() {
  // Two bumps and noise, quantised to 1/1024 so that sums are exact.
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    double t = double(i) / N;
    double v = 0.3 + 0.25 * noise(i) + (t > 0.6 && t < 0.7 ? 0.4 : 0.0);
    X[i] = int(std::min(v, 0.999) * 1024) / 1024.0;
  }
  long count[Bins] = {};
  double sum[Bins] = {};
  double lo[Bins], hi[Bins];
  std::fill(lo, lo + Bins, 1.0);
  std::fill(hi, hi + Bins, 0.0);
#pragma hpf independent reduction(+ : count, sum) reduction(min : lo)     \
    reduction(max : hi)
  for (int i = 0; i < N; ++i) {
    int b = int(X[i] * Bins);
    count[b] += 1;
    sum[b] += X[i];
    lo[b] = std::min(lo[b], X[i]);
    hi[b] = std::max(hi[b], X[i]);
  }
  // Joint histogram of (X[i], X[i + 1]): how often a level follows another.
  long joint[Joint][Joint] = {};
#pragma hpf independent reduction(+ : joint)
  for (int i = 0; i < N - 1; ++i)
    joint[int(X[i] * Joint)][int(X[i + 1] * Joint)]++;

  std::printf("bin  count      mean     min     max\n");
  for (int b = 0; b < Bins; ++b)
    if (count[b])
      std::printf("%3d %6ld %9.5f %7.4f %7.4f\n", b, count[b],
                  sum[b] / count[b], lo[b], hi[b]);
  long seen = 0;
  int next = 0;
  const int pct[] = {10, 50, 90, 99};
  for (int b = 0; b < Bins && next < 4; ++b) {
    seen += count[b];
    while (next < 4 && seen * 100 >= long(pct[next]) * N)
      std::printf("p%d in bin %d\n", pct[next++], b);
  }
  std::printf("joint (rows: level of X[i], columns: of X[i+1])\n");
  for (auto &row : joint) {
    for (long c : row)
      std::printf(" %6ld", c);
    std::printf("\n");
  }
}
