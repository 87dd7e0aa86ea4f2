// The 1-D wave equation (a plucked string) with the leapfrog scheme: three
// time levels, each step reads the neighbours of the current level. Prints
// the displacement at a few points and the discrete energy, an exact sum
// (built with --hpf-reproducible-sums).
#include <cmath>
#include <cstdio>

constexpr int N = 2001;
constexpr int Steps = 500;
constexpr double Courant = 0.9;

#pragma hpf processors P(*)
double Prev[N];
double Cur[N];
double Next[N];
#pragma hpf distribute Prev(block) onto P
#pragma hpf distribute Cur(block) onto P
#pragma hpf distribute Next(block) onto P

double energy() {
  double e = 0.0;
#pragma hpf independent reduction(+ : e)
  for (int i = 1; i < N; ++i)
    e += (Cur[i] - Prev[i]) * (Cur[i] - Prev[i]) +
         Courant * Courant * (Cur[i] - Cur[i - 1]) * (Prev[i] - Prev[i - 1]);
  return e;
}

int main() {
  const double pi = std::acos(-1.0);
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    double x = double(i) / (N - 1);
    Cur[i] = x < 0.3 ? x / 0.3 : (1.0 - x) / 0.7; // plucked at 30 %
    Cur[i] *= 0.01 * std::sin(pi * x) + 1.0;
    Prev[i] = Cur[i];
  }
  const double c2 = Courant * Courant;
  for (int s = 1; s <= Steps; ++s) {
#pragma hpf independent
    for (int i = 1; i < N - 1; ++i)
      Next[i] = 2.0 * Cur[i] - Prev[i] +
                c2 * (Cur[i - 1] - 2.0 * Cur[i] + Cur[i + 1]);
#pragma hpf independent
    for (int i = 1; i < N - 1; ++i) {
      Prev[i] = Cur[i];
      Cur[i] = Next[i];
    }
    if (s % 125 == 0)
      std::printf("t=%d: u(0.25) %.9f, u(0.5) %.9f, energy %.9e\n", s,
                  Cur[N / 4], Cur[N / 2], energy());
  }
}
