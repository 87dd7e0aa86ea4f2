// The decisions, as remarks (hpfcc -Rhpf): static or run-time plan and why,
// steps, cost and lower bound, removed redistributions, loops.
// RUN: %clang_verify -fplugin-arg-hpf-remarks %s
// RUN: %clang_hpf %s 2>&1 | count 0
constexpr int N = 60;
#pragma hpf processors P(4)
#pragma hpf processors Q(5)
double A[N];
#pragma hpf distribute A(cyclic(4)) onto P // expected-remark {{distribute 'A': cyclic(4) onto P(4), 60 elements of double}}
#pragma hpf dynamic A

int main(int argc, char **) {
#pragma hpf independent // expected-remark {{independent loop over 'A' (cyclic(4) onto P(4)): owner computes on local elements, no per-element owner test}}
  for (int i = 0; i < N; ++i)
    A[i] = i;
#pragma hpf redistribute A(cyclic(3)) onto Q // expected-remark-re {{redistribute 'A' static plan (cyclic(4) onto P(4) -> cyclic(3) onto Q(5), 60 elements): 11 messages in {{[0-9]+}} steps (lower bound 3), cost {{[0-9]+}} elements (lower bound 16), scheduler auto, chose {{.+}}}}
#pragma hpf redistribute A(cyclic(3)) onto Q // expected-remark {{redistribute 'A' removed: cyclic(3) onto Q(5) and cyclic(3) onto Q(5) place every element at the same place}}
  int k = argc;
#pragma hpf redistribute A(cyclic(k)) onto Q // expected-remark {{redistribute 'A' plan made at run time: target: cyclic(k) is not a compile-time constant}}
  double s = 0;
#pragma hpf independent reduction(+: s) // expected-remark {{independent loop over 'A' (cyclic(k) onto Q(5)): owner computes on local elements, no per-element owner test, 1 reduction(s) combined across ranks}}
  for (int i = 0; i < N; ++i)
    s += A[i];
#pragma hpf independent // expected-remark {{independent loop uses no distributed array: it runs on every rank}}
  for (int i = 0; i < 3; ++i)
    s = s;
  return static_cast<int>(s);
}
