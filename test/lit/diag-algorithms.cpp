// Standard algorithms on distributed arrays: what stays rejected, and why
// (at the token), each naming the forms that are supported.
// RUN: %clang_verify %s
#include <algorithm>
#include <cstdio>
#include <iterator>
#include <numeric>
#include <vector>

constexpr int N = 16;
#pragma hpf processors P(*)
double A[N], B[N];
#pragma hpf distribute A(block) onto P
#pragma hpf distribute B(cyclic) onto P
double Local[N];
int calls = 0;

struct Positive {
  bool operator()(double x) const { return x > 0; }
};

#define ALL(x) std::begin(x), std::end(x)

void f(int n) {
  std::vector<double> V(n);
#pragma hpf distribute V(block) onto P
  std::reverse(std::begin(A), std::end(A)); // expected-error {{'std::reverse' on distributed array 'A' is not supported: iterators into a distributed array would see only this rank's part of it; hpfcc supports, in replicated code, std::fill, std::copy}}
  double *p = std::begin(A); // expected-error {{'std::begin(A)' is an iterator into distributed array 'A', which would see only this rank's part of it}}
  auto it = V.begin(); // expected-error {{'V.begin()' is an iterator into distributed std::vector 'V', which would see only this rank's part of it}}
  auto m = std::max_element(std::begin(A), std::end(A)); // expected-error {{'std::max_element' on a distributed array is supported as the element's value ('*std::max_element(...)', read only) or its position ('std::max_element(...) - std::begin(A)')}}
  *std::min_element(std::begin(A), std::end(A)) = 0; // expected-error {{'std::min_element' on a distributed array is supported as the element's value}}
  auto e = std::copy(std::begin(A), std::end(A), std::begin(B)); // expected-error {{the value of 'std::copy' on a distributed array is an iterator into it, which would see only this rank's part: call it as a statement of its own}}
  std::copy(std::begin(A), std::end(A), Local); // expected-error {{'std::copy' on a distributed array needs every range in distributed arrays: this argument is not a position in one}}
  std::fill(std::begin(A), std::end(B), 0.0); // expected-error {{the range given to 'std::fill' starts in 'A' and ends in 'B': a range lies in one array}}
  std::fill(ALL(A), 0.0); // expected-error {{a range of distributed array 'A' given to 'std::fill' must be written outside macros}}
  std::fill(A + int(B[0]), A + N, 0.0); // expected-error {{the offset of a position in distributed array 'A' must be an integer expression without calls or side effects that uses no distributed array but a vector's size()}}
  long c1 = std::count_if(std::begin(A), std::end(A), [](double x) { ++calls; return x > 0; }); // expected-error {{'calls' is written here, by the function given to 'std::count_if' at line 37, and it runs on the rank that owns each element, as an independent loop's body does: each rank would keep a different value}} expected-note {{given here}}
  long c2 = std::count_if(std::begin(A), std::end(A), [](double x) { return x > B[0]; }); // expected-error {{distributed array 'B' is read here, by the function given to 'std::count_if' at line 38}} expected-note {{given here}}
  std::transform(std::begin(A), std::end(A), std::begin(A), [](double x) { std::printf("%g\n", x); return x; }); // expected-error {{the function given to 'std::transform' at line 39 prints}} expected-note {{given here}}
  long c3 = std::count_if(std::begin(A), std::end(A), Positive{}); // expected-error {{the function given to 'std::count_if' on a distributed array must be a lambda, a function of this file or a std:: function object}}
  double s = std::accumulate(std::begin(A), std::end(A), 0.0, [](double a, double b) { return a + b; }); // expected-error {{'std::accumulate' on a distributed array takes the operators of reductions only: '+' (no operation given), std::plus<>}}
  std::swap(A, Local); // expected-error {{'std::swap' of distributed array 'A' with an array that is not distributed: distribute the other array too}}
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    B[i] = i;
    std::fill(std::begin(A), std::end(A), 1.0); // expected-error {{'std::fill' on distributed array 'A' in an independent loop: a standard algorithm on a distributed array runs on every rank together, in replicated code, and the loop's iterations run on different ranks; call it before or after the loop}}
  }
  (void)p;
  (void)it;
  (void)m;
  (void)e;
  (void)c1;
  (void)c2;
  (void)c3;
  (void)s;
}
