// std::sort and std::stable_sort on distributed arrays in replicated code,
// with the sequential result exactly: integers by '<' and '>' (equivalent
// elements are equal: a sample sort) on a cyclic(3) array, a cyclic vector
// and a block array parameter; stable_sort with a comparator under which
// many doubles are equivalent (the sample sort keeps their order) and with
// '<'; std::sort of doubles with a comparator and of a part of an array
// (gathered, sorted by std::sort as sequentially); a sort of a NaN-holding
// array (gathered: '<' is no ordering); records by key (stable); a
// std::array by std::greater; an array of one element.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: sorted ints
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE: hpfcc::algo::sort("{{.*}}e2e-sort.cpp:{{[0-9]+}}:3", X, 0, (N), std::greater<>());
// CODE: hpfcc::algo::sort("{{.*}}e2e-sort.cpp:{{[0-9]+}}:3", A, 0, (N));
// CODE: hpfcc::algo::stable_sort("{{.*}}e2e-sort.cpp:{{[0-9]+}}:3", D, 0, D.size(), {{$}}
// CODE-NEXT: [](double x, double y) { return x * x < y * y; });
// CODE: hpfcc::algo::sort("{{.*}}e2e-sort.cpp:{{[0-9]+}}:3", A, (10), A.size() - (20), std::greater<>());
// RUN: %clang_hpf -fplugin-arg-hpf-remarks %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: 'std::sort' of distributed array 'A': integers by '<' or '>', whose equivalent elements are equal: a sample sort (each rank sorts its elements, one MPI_Allgather of P - 1 samples per rank, one MPI_Alltoallv of the elements, one redistribution of the sorted blocks to the array's mapping; O(N/P) memory per rank); if the range is a part of the array (known at run time), the array is gathered
// REMARK: remark: 'std::sort' of distributed array 'V': integers by '<' or '>'
// REMARK: remark: 'std::stable_sort' of distributed array 'D': stable, so the order of equivalent elements is fixed: a sample sort
// REMARK: remark: 'std::stable_sort' of distributed array 'D': stable, {{.*}}; if a NaN is in the array (one MPI_Allreduce tells), the array is gathered
// REMARK: remark: 'std::sort' of distributed array 'D': the order 'std::sort' gives equivalent elements is unspecified and they may be told apart (not integers by '<' or '>'), so only the sequential algorithm gives the sequential result: the array is gathered on every rank (one MPI_Allgatherv, O(N) memory per rank), sorted there by 'std::sort' as sequentially, and each rank keeps its elements
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <functional>
#include <vector>

constexpr int N = 397;
long A[N];
#pragma hpf distribute A(cyclic(3))
double D[N];
#pragma hpf distribute D(block)
int One[1];
#pragma hpf distribute One(block)

void sortDown(int X[N]) {
  std::sort(X, X + N, std::greater<>());
}

int I[N];
#pragma hpf distribute I(block)
struct Rec {
  int k;
  double v;
};
Rec R[7];
#pragma hpf distribute R(cyclic)

long hashOf(long h, double v) { return h * 31 + long(v * 8); }

int main() {
  std::vector<short> V(N);
#pragma hpf distribute V(cyclic)
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    A[i] = (i * 7919L) % 101 - 50;
    V[i] = short((i * 37) % 17);
    D[i] = ((i * 13) % 29) * 0.25 - 3;
    I[i] = (i * 11) % 23;
  }
  std::sort(A, A + N);
  std::sort(std::begin(V), std::end(V), std::greater<short>());
  sortDown(I);
  long h = 0, g = 0, k = 0;
  for (int i = 0; i < N; ++i) {
    h = h * 31 + A[i];
    g = g * 31 + V[i];
    k = k * 31 + I[i];
  }
  std::printf("sorted ints %ld %ld %ld: %ld %ld %d %d %d %d\n", h, g, k, A[0],
              A[N - 1], V[0], V[N - 1], I[0], I[N - 1]);

  // Equivalent by the square: -x and x, many equal values; the sequential
  // stable order is the original one.
  std::stable_sort(std::begin(D), std::end(D),
                   [](double x, double y) { return x * x < y * y; });
  long s = 0;
  for (int i = 0; i < N; ++i)
    s = hashOf(s, D[i]);
  std::printf("stable by square %ld: %g %g %g %g\n", s, D[0], D[1], D[2],
              D[N - 1]);
  std::stable_sort(std::begin(D), std::end(D));
  s = 0;
  for (int i = 0; i < N; ++i)
    s = hashOf(s, D[i]);
  std::printf("stable %ld: %g %g\n", s, D[0], D[N - 1]);

  // Doubles by a comparator: equivalent elements (x and -x) can be told
  // apart, so std::sort's own order is kept (gathered).
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    D[i] = ((i * 17) % 31) * 0.5 - 7.5;
  std::sort(std::begin(D), std::end(D),
            [](double x, double y) { return std::fabs(x) > std::fabs(y); });
  s = 0;
  for (int i = 0; i < N; ++i)
    s = hashOf(s, D[i]);
  std::printf("by magnitude %ld: %g %g %g\n", s, D[0], D[1], D[N - 1]);
  // A part.
  std::sort(std::begin(A) + 10, std::end(A) - 20, std::greater<>());
  h = 0;
  for (int i = 0; i < N; ++i)
    h = h * 31 + A[i];
  std::printf("part %ld: %ld %ld %ld\n", h, A[9], A[10], A[N - 21]);

  // A NaN: '<' is no ordering; the sequential result is whatever
  // std::stable_sort makes of it.
  D[N / 2] = std::nan("");
  std::stable_sort(std::begin(D), std::end(D));
  s = 0;
  for (int i = 0; i < N; ++i)
    s = std::isnan(D[i]) ? s * 7 + i : hashOf(s, D[i]);
  std::printf("with a NaN %ld\n", s);

  // Records by key, stably (equal keys keep their order); a std::array.
  for (int i = 0; i < 7; ++i)
    R[i] = Rec{(i * 3) % 4, i * 1.5};
  std::stable_sort(std::begin(R), std::end(R),
                   [](const Rec &a, const Rec &b) { return a.k < b.k; });
  for (int i = 0; i < 7; ++i)
    std::printf("(%d %g) ", R[i].k, R[i].v);
  std::printf("\n");
  std::array<unsigned, 9> Ar;
#pragma hpf distribute Ar(cyclic(2))
#pragma hpf independent
  for (int i = 0; i < 9; ++i)
    Ar[i] = unsigned(i * 5 % 9);
  std::sort(Ar.begin(), Ar.end(), std::greater<>());
  std::printf("array %u %u %u\n", Ar[0], Ar[4], Ar[8]);

  One[0] = 5;
  std::sort(std::begin(One), std::end(One));
  std::printf("one %d\n", One[0]);
}
