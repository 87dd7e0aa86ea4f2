// Array reductions: what is rejected, and why. A reduction variable is a
// scalar or a fixed-size (not distributed) array of an arithmetic type,
// updated only as `h[k] op= e` / `h[k] = h[k] op e` (the same element).
// RUN: %clang_verify %s
// RUN: %clang_verify -DREPRO -fplugin-arg-hpf-reproducible-sums %s
#include <vector>
constexpr int N = 64;
#pragma hpf processors P(4)
double A[N];
#pragma hpf distribute A(block) onto P

void f(int n, double *p) {
  std::vector<double> v(4);
  long h[8] = {};
  double s[3] = {};
  int vla[n];
#pragma hpf independent reduction(+ : A) // expected-error {{a distributed array cannot be a reduction variable}}
  for (int i = 0; i < N; ++i)
    A[i] = 1;
#pragma hpf independent reduction(+ : p) // expected-error {{reduction variable 'p' must have an arithmetic type or be a fixed-size array of one (as in OpenMP), not 'double *' (for the elements it points to, give them as an array section: 'p[first : length]')}}
  for (int i = 0; i < N; ++i)
    A[i] = 1;
#pragma hpf independent reduction(+ : v) // expected-error {{reduction variable 'v' must have an arithmetic type or be a fixed-size array of one (as in OpenMP), not 'std::vector<double>'}}
  for (int i = 0; i < N; ++i)
    A[i] = 1;
#pragma hpf independent reduction(+ : vla) // expected-error {{reduction variable 'vla' must have an arithmetic type or be a fixed-size array of one (as in OpenMP), not 'int[n]'}}
  for (int i = 0; i < N; ++i)
    A[i] = 1;
#pragma hpf independent reduction(+ : h)
  for (int i = 0; i < N; ++i)
    h[i % 8] *= 2; // expected-error {{this update of 'h' does not match its reduction operator '+'}}
#pragma hpf independent reduction(+ : h)
  for (int i = 0; i < N; ++i)
    h[i % 8] = h[(i + 1) % 8] + 1; // expected-error {{this update of 'h' does not match its reduction operator '+'}} expected-error {{reduction variable 'h' may only appear in its reduction update (e.g. 'h += ...' for +)}}
#pragma hpf independent reduction(+ : h)
  for (int i = 0; i < N; ++i)
    A[i] = h[0]; // expected-error {{reduction variable 'h' may only appear in its reduction update (e.g. 'h += ...' for +)}}
#pragma hpf independent reduction(+ : h)
  for (int i = 0; i < N; ++i)
    h[h[0] % 8] += 1; // expected-error {{reduction variable 'h' may only appear in its reduction update (e.g. 'h += ...' for +)}}
#ifdef REPRO
  // expected-warning@+2 {{reduction(+: s) over an array is not added exactly: --hpf-reproducible-sums covers scalar reductions only, so its sums may differ in the last bits between rank counts}}
#endif
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < N; ++i)
    s[i % 3] += A[i];
}
