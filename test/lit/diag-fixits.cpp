// Fix-its of the rule checks: a missing 'dynamic', a block size that does
// not cover the array, an unknown arrangement, a missing reduction.
// RUN: not %clang_hpf -fdiagnostics-parseable-fixits %s 2>&1 | FileCheck %s
constexpr int N = 100;
#pragma hpf processors P(4)
double A[N];
#pragma hpf distribute A(block) onto P
double B[N];
#pragma hpf distribute B(block(20)) onto P
// CHECK: diag-fixits.cpp:[[@LINE-1]]:32: error: block(20) onto P(4) covers only 80 of the 100 elements of 'B'; the block size must be at least 25
// CHECK: fix-it:"{{.*}}diag-fixits.cpp":{[[@LINE-2]]:32-[[@LINE-2]]:34}:"25"
double C[N];
#pragma hpf distribute C(block) onto PP
// CHECK: diag-fixits.cpp:[[@LINE-1]]:38: error: unknown processor arrangement 'PP'
// CHECK: fix-it:"{{.*}}diag-fixits.cpp":{[[@LINE-2]]:38-[[@LINE-2]]:40}:"P"

int main() {
#pragma hpf redistribute A(cyclic) onto P
  // CHECK: diag-fixits.cpp:[[@LINE-1]]:26: error: 'A' is not dynamic; HPF allows redistribute only on arrays declared dynamic
  // CHECK: fix-it:"{{.*}}diag-fixits.cpp":{7:39-7:39}:"\n#pragma hpf dynamic A"
  double s = 0;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    s += A[i];
  // CHECK: diag-fixits.cpp:[[@LINE-1]]:7: error: 's' is assigned in an independent loop
  // CHECK: fix-it:"{{.*}}diag-fixits.cpp":{[[@LINE-4]]:24-[[@LINE-4]]:24}:" reduction(+: s)"
  return static_cast<int>(s);
}
