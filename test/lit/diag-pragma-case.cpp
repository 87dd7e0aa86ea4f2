// '#pragma HPF' and '#pragma Hpf' are not directives (hpfcc's are lower
// case, and Clang would drop them silently without -Wunknown-pragmas): a
// warning by default with a fix-it to 'hpf'; the file still compiles, with
// the directive ignored as in the sequential program.
// RUN: %clang_verify %s
// RUN: %clang_hpf -fdiagnostics-parseable-fixits %s 2>&1 | FileCheck %s
constexpr int N = 8;
#pragma hpf processors P(*)
double A[N];
#pragma HPF distribute A(block) onto P // expected-warning {{'#pragma HPF' is not an hpfcc directive and is ignored (directives are spelled in lower case); did you mean 'hpf'?}}
// CHECK: fix-it:"{{.*}}diag-pragma-case.cpp":{[[@LINE-1]]:9-[[@LINE-1]]:12}:"hpf"

int main() {
#pragma Hpf independent // expected-warning {{'#pragma Hpf' is not an hpfcc directive and is ignored (directives are spelled in lower case); did you mean 'hpf'?}}
  // CHECK: fix-it:"{{.*}}diag-pragma-case.cpp":{[[@LINE-1]]:9-[[@LINE-1]]:12}:"hpf"
  for (int i = 0; i < N; ++i)
    A[i] = i;
  return int(A[3]);
}
