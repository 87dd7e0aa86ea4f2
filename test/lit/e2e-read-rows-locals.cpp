// Rows fetched by a subscript written through locals of the nest, as C++
// code names an index before using it: `const int r = N - 1 - i;` then
// `A[r][j]` is affine in i (planned once, no inspection), `int q = Idx[i];`
// then `A[q2][j]` with `int q2 = q;` goes through an index array (the
// inspector declares q and q2 as the loop does). A local written after its
// initializer, or one computed from an inner loop's index, is not a
// function of i alone: those reads keep the gather. Exact on 1..4 ranks.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: locals {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rpass=hpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: 'A[r][j]' is read without a gather: its subscript is affine in 'i', so each rank fetches before the loop only the rows its iterations of 'B' read
// REMARK: 'A[q2][j]' is read without a gather: inspector-executor (PARTI/CHAOS)
// REMARK: 'A' is read at subscripts that are not aligned with the loop: before the loop its 713 elements are gathered
// REMARK: 'A' is read at subscripts that are not aligned with the loop: before the loop its 713 elements are gathered
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=CODE
// CODE: const int i = static_cast<int>(__hpf_g); (void)i; {{.*}} const int r = N - 1 - i; (void)__hpf_l; return static_cast<hpf::index_t>(r); }
// CODE: const int q = Idx[i]; {{.*}} const int q2 = q; (void)__hpf_l; return static_cast<hpf::index_t>(q2); }
#include <cstdio>

constexpr int N = 23, C = 31;

#pragma hpf processors P(number_of_processors())
long A[N][C], B[N][C];
int Idx[N];
#pragma hpf distribute A(block, *) onto P
#pragma hpf distribute B(block, *) onto P

int main() {
  for (int i = 0; i < N; ++i)
    Idx[i] = (i * 7 + 3) % N;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < C; ++j)
      A[i][j] = (i * 31 + j * 17) % 23 - 11;
  long S[4] = {0, 0, 0, 0};
  for (int t = 0; t < 2; ++t) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      const int r = N - 1 - i;
      for (int j = 0; j < C; ++j)
        B[i][j] = A[r][j] + t;
    }
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < C; ++j)
        S[0] += B[i][j] * (1 + (i + j) % 3);
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      int q = Idx[i];
      int q2 = q;
      for (int j = 0; j < C; ++j)
        B[i][j] = A[q2][j] * 2 - t;
    }
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < C; ++j)
        S[1] += B[i][j] * (1 + (i * j) % 5);
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      int s = i;
      s = (s * 3 + t) % N; // written after its initializer
      for (int j = 0; j < C; ++j)
        B[i][j] = A[s][j];
    }
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < C; ++j)
        S[2] += B[i][j] * (1 + i % 4);
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < C; ++j) {
        const int c = (i + j) % N; // an inner loop's index
        B[i][j] = A[c][j];
      }
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < C; ++j)
        S[3] += B[i][j] * (1 + j % 3);
  }
  std::printf("locals %ld %ld %ld %ld\n", S[0], S[1], S[2], S[3]);
  return 0;
}
