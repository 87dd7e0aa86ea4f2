// Heat conduction along a rod (explicit finite differences): the
// temperature T is block-distributed, each step reads its neighbours
// T[i - 1] and T[i + 1] (a halo of one element per side) and writes a new
// array, then copies it back. Prints probe temperatures and the hottest
// point every 100 steps.
#include <cstdio>

constexpr int N = 4000;       // grid points
constexpr int Steps = 400;    // time steps
constexpr double Alpha = 0.4; // diffusion number (stable below 0.5)

#pragma hpf processors P(*)
double T[N];
double TNew[N];
#pragma hpf distribute T(block) onto P
#pragma hpf distribute TNew(block) onto P

void initialise() {
  // A hot spot in the middle, cold ends held at fixed temperatures.
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    T[i] = (i > N / 2 - 50 && i < N / 2 + 50) ? 100.0 : 0.0;
  T[0] = 20.0;
  T[N - 1] = 5.0;
}

void step() {
#pragma hpf independent
  for (int i = 1; i < N - 1; ++i)
    TNew[i] = T[i] + Alpha * (T[i - 1] - 2.0 * T[i] + T[i + 1]);
#pragma hpf independent
  for (int i = 1; i < N - 1; ++i)
    T[i] = TNew[i];
}

int main() {
  initialise();
  for (int s = 1; s <= Steps; ++s) {
    step();
    if (s % 100 == 0) {
      double hottest = 0.0;
#pragma hpf independent reduction(max : hottest)
      for (int i = 0; i < N; ++i)
        hottest = T[i] > hottest ? T[i] : hottest;
      std::printf("step %4d: T[10] = %.6f, T[N/2] = %.6f, T[N-11] = %.6f, "
                  "max %.6f\n",
                  s, T[10], T[N / 2], T[N - 11], hottest);
    }
  }
}
