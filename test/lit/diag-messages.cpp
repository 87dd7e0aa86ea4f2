// Errors that say the true reason (and what to do) for programs hpfcc
// cannot take: a std::array member call, an element type whose default construction is
// not zero, a non-distributed array updated in an independent loop (the
// array reduction is the fix), a reference bound to a place outside the
// loop, and a reduction on an inner level over a distributed dimension.
// RUN: %clang_verify %s
// RUN: not %clang_hpf -fdiagnostics-parseable-fixits %s 2>&1 | FileCheck %s
#include <array>

constexpr int N = 16;
std::array<double, 33> T;
#pragma hpf distribute T(block)
double *TData() { return T.data(); } // expected-error {{'T.data()' is not supported on distributed std::array 'T': use its elements 'T[i]' and 'T.size()'}}

struct One {
  double x;
  constexpr One(double v = 1) : x(v) {}
};
One O[N]; // expected-error@+1 {{elements of 'O' are initialized by the default constructor of 'One'}}
#pragma hpf distribute O(block)

int A[N];
#pragma hpf distribute A(block)
double W[N][N];
#pragma hpf distribute W(*, block)
double R[N];
#pragma hpf distribute R(block)

int main() {
  long hist[4] = {};
  unsigned mask[2] = {};
  double outside = 0;
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    hist[A[i] % 4] += 1; // expected-error {{'hist' is not distributed: updating it in an independent loop would leave each rank a different copy; declare it in a reduction clause ('reduction(+: hist)': each rank updates its own copy, combined after the loop), or distribute it like the loop's arrays}}
    // CHECK: diag-messages.cpp:[[@LINE-1]]:20: error: 'hist' is not distributed
    // CHECK: fix-it:"{{.*}}diag-messages.cpp":{[[@LINE-4]]:24-[[@LINE-4]]:24}:" reduction(+: hist)"
    mask[i % 2] |= 1u << (i % 8); // expected-error {{declare it in a reduction clause ('reduction(|: mask)'}}
    hist[0] /= A[i]; // expected-error {{'hist' is not distributed: writing it in an independent loop would leave each rank a different copy, and this update ('/=') reads the element it writes: only plain stores ('hist[k] = ...') are delivered to every rank after the loop; distribute it like the loop's arrays}}
    double &o = outside;
    o = A[i]; // expected-error {{'o' refers to a variable declared outside the independent loop (or to a place hpfcc cannot follow): writing through it would leave each rank a different value; bind it to an element the iteration owns ('auto &o = A[i]') or to a variable declared inside the loop}}
    int &a = A[i];
    a += 1;
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    double s = 0;
#pragma hpf independent reduction(+ : s) // expected-error {{reduction on this inner loop is not supported: the loop runs over the indices of dimension 1 of 'W' each rank owns, so each rank would hold only part of 's' in each iteration of the loop at line 45 (combining it across the ranks in each iteration is not implemented); remove 'independent' from this loop, or leave dimension 1 of 'W' undistributed ('*')}}
    for (int j = 0; j < N; ++j)
      s += W[i][j];
  }
  return 0;
}
