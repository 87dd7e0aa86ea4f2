// Variables declared outside an independent loop that cannot be each
// rank's own (analysis/loops/LoopPrivates.cpp): each error says why.
// RUN: %clang_verify %s
#include <cstdio>
constexpr int N = 64;
double A[N], B[N];
#pragma hpf distribute A(block)
#pragma hpf distribute B(block)
double g;
void use(double);

int main() {
  double t = 0, u, w, z;
  int k, n = N;
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    A[i] = t;
    t = B[i]; // expected-error {{'t' is assigned in an independent loop: each rank would keep a different value; declare it in a reduction clause or inside the loop (it cannot be each rank's own: an iteration may read 't' (line 17) before assigning it, so it carries a value from one iteration to the next)}}
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    u = B[i]; // expected-error {{(it cannot be each rank's own: 'u' is read after the loop (line 25) before it is assigned again, and only one rank holds the value the last iteration left)}}
    A[i] = u;
  }
  use(u);
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    g = B[i]; // expected-error {{(it cannot be each rank's own: 'g' is not a local variable of the function: code after the loop may read the value the last iteration left, which one rank holds (declare it in the function or the loop, or name it in a new(...) clause if nothing reads it after the loop))}}
    A[i] = g;
  }
#pragma hpf independent
  for (k = 0; k < N; ++k) // expected-error {{the index 'k' is declared before the independent loop and cannot be each rank's own: 'k' is read after the loop (line 34) before it is assigned again, and only one rank holds the value the last iteration left; declare it in the loop ('for (int k = ...')}}
    A[k] = 1;
  use(k);
#pragma hpf independent
  for (int i = 0; i < n; ++i) {
    n = N; // expected-error {{(it cannot be each rank's own: 'n' is read by the loop's header after each iteration)}}
    A[i] = n;
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    if (B[i] > 0)
      w = B[i]; // expected-error {{an iteration may read 'w' (line 44) before assigning it}}
    A[i] = w; // the read that may see the last iteration's value
  }
#pragma hpf independent new(A) // expected-error {{a distributed array cannot be new: its elements are written by their owners already}}
  for (int i = 0; i < N; ++i)
    A[i] = 0;
#pragma hpf independent reduction(+: z) new(z) // expected-error {{'z' is a reduction variable; it cannot also be new}}
  for (int i = 0; i < N; ++i)
    z += A[i];
  std::printf("%g\n", A[0]);
}
