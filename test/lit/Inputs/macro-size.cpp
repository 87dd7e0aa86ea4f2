// The problem size and a factor come from the command line (-DN=..., -DK=...),
// as in many HPC codes: names the runtime's headers also use.
#include <cstdio>
#pragma hpf processors P(number_of_processors())
double A[N];
#pragma hpf distribute A(block) onto P
int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = K * i;
  double S = 0;
  for (int i = 0; i < N; ++i)
    S += A[i];
  std::printf("macro-size N=%d K=%d sum %.1f\n", N, K, S);
  return 0;
}
