// Summary statistics of a large sample, as a data-analysis code computes
// them: count, mean, variance (two passes), minimum, maximum and the
// number of outliers beyond three standard deviations. The sums are exact
// (built with --hpf-reproducible-sums), so the printed digits do not
// depend on the number of ranks.
#include <cmath>
#include <cstdio>

constexpr int N = 50000;

#pragma hpf processors P(*)
double Data[N];
#pragma hpf distribute Data(block) onto P

int main() {
  // A skewed sample: a smooth trend plus deterministic "noise".
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    double noise = std::sin(i * 12.9898) * 43758.5453;
    noise -= std::floor(noise);
    Data[i] =
        10.0 + 0.0001 * i + 2.0 * (noise - 0.5) + (i % 997 == 0 ? 25.0 : 0.0);
  }
  double sum = 0.0, lo = 1e300, hi = -1e300;
#pragma hpf independent reduction(+ : sum) reduction(min : lo) reduction(max : hi)
  for (int i = 0; i < N; ++i) {
    sum += Data[i];
    lo = std::fmin(lo, Data[i]);
    hi = std::fmax(hi, Data[i]);
  }
  const double mean = sum / N;
  double squares = 0.0;
#pragma hpf independent reduction(+ : squares)
  for (int i = 0; i < N; ++i)
    squares += (Data[i] - mean) * (Data[i] - mean);
  const double sd = std::sqrt(squares / (N - 1));
  long outliers = 0;
#pragma hpf independent reduction(+ : outliers)
  for (int i = 0; i < N; ++i)
    outliers += std::fabs(Data[i] - mean) > 3.0 * sd;
  std::printf("n %d\nmean %.10f\nsd %.10f\nmin %.10f\nmax %.10f\n", N, mean, sd,
              lo, hi);
  std::printf("outliers (> 3 sd) %ld\n", outliers);
}
