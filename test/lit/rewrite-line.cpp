// The rewritten file maps back to the user's lines (#line), so a warning in
// the output points at the line in this file, after the directives (which
// keep their line count, also when continued with a backslash).
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp %s
// RUN: %clangxx -std=c++20 -fsyntax-only -Wunused-variable %hpf_includes %t.cpp 2>&1 | FileCheck %s
#pragma hpf processors P(2)
double A[10];
#pragma hpf distribute A(cyclic(2)) \
        onto P
#pragma hpf dynamic A

int main() {
#pragma hpf independent
  for (int i = 0; i < 10; ++i)
    A[i] = i;
#pragma hpf redistribute A(block) \
  onto P
  int unused_here;
  // CHECK: rewrite-line.cpp:[[@LINE-1]]:7: warning: unused variable 'unused_here'
}
