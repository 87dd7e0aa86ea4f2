// Code the flow walk sees out of line: a case label (reached from the
// switch, past the code before it), a destructor at the end of a scope
// (after the scope's last directive), the initializer of a global (before
// main), a second return from setjmp (after the code that follows it). The
// redistribute after each is planned at run time.
// RUN: %clang_verify -fplugin-arg-hpf-remarks %s
#include <csetjmp>

constexpr int N = 64;
#pragma hpf processors P(4)
double A[N], B[N], C[N], D[N];
#pragma hpf distribute A(block) onto P // expected-remark {{distribute 'A': block onto P(4), 64 elements of double}}
#pragma hpf distribute B(block) onto P // expected-remark {{distribute 'B': block onto P(4), 64 elements of double}}
#pragma hpf distribute C(block) onto P // expected-remark {{distribute 'C': block onto P(4), 64 elements of double}}
#pragma hpf distribute D(block) onto P // expected-remark {{distribute 'D': block onto P(4), 64 elements of double}}
#pragma hpf dynamic A, B, C, D

struct Early {
  Early() {
#pragma hpf redistribute B(cyclic) onto P // expected-remark {{redistribute 'B' plan made at run time: the array's mapping before this point depends on control flow}}
  }
};
Early Before; // constructed before main, after B

struct Guard {
  ~Guard() {
#pragma hpf redistribute C(cyclic) onto P // expected-remark {{redistribute 'C' plan made at run time: the array's mapping before this point depends on control flow}}
  }
};

std::jmp_buf Buf;
[[noreturn]] void back() { std::longjmp(Buf, 1); }

int main(int argc, char **) {
  switch (argc) {
  case 1: {
#pragma hpf redistribute A(cyclic) onto P // expected-remark {{redistribute 'A' plan made at run time: the array's mapping before this point depends on control flow}}
  }
    [[fallthrough]];
  case 2: {
#pragma hpf redistribute A(block) onto P // expected-remark {{redistribute 'A' plan made at run time: the array's mapping before this point depends on control flow}}
    break;
  }
  }

#pragma hpf redistribute B(block) onto P // expected-remark {{redistribute 'B' plan made at run time: the array's mapping before this point depends on control flow}}

  {
    Guard G; // its destructor counts from here on: more than needed
#pragma hpf redistribute C(cyclic(2)) onto P // expected-remark {{redistribute 'C' plan made at run time: the array's mapping before this point depends on control flow}}
  }
#pragma hpf redistribute C(cyclic(2)) onto P // expected-remark {{redistribute 'C' plan made at run time: the array's mapping before this point depends on control flow}}

  int Again = setjmp(Buf);
#pragma hpf redistribute D(cyclic) onto P // expected-remark {{redistribute 'D' plan made at run time: the array's mapping before this point depends on control flow}}
#pragma hpf redistribute D(cyclic(2)) onto P // expected-remark-re {{redistribute 'D' static plan (cyclic onto P(4) -> cyclic(2) onto P(4), 64 elements): {{.*}}}}
  if (!Again)
    back();
  return 0;
}
