// Directives where the carrier technique would change the meaning of the
// program, or where the rewriter cannot reach, are errors.
// RUN: not %clang_hpf %s 2>&1 | FileCheck %s --implicit-check-not=error:

struct S {
  double M[4];
#pragma hpf processors Q(2)
  // CHECK: diag-placement.cpp:[[@LINE-1]]:1: error: an hpf processors directive cannot stand in a class body (only distribute can, for a member); place it at namespace or function scope
};

template <int K> void t() {
  double T[K];
#pragma hpf distribute T(block)
  // CHECK: diag-placement.cpp:[[@LINE-1]]:1: error: a distribute directive in function template 't' is not supported (only 'independent', and 'distribute' of a parameter, are)
}


int main(int argc, char **) {
  double A[8];
#pragma hpf distribute A(block)
#pragma hpf dynamic A
  if (argc > 1)
#pragma hpf redistribute A(cyclic)
    ;
  // CHECK: diag-placement.cpp:[[@LINE-2]]:1: error: an hpf redistribute directive cannot be the body of an if, loop or case label without braces: it would change the meaning of the statement that follows; add braces
  for (int r = 0; r < 2; ++r)
#pragma hpf redistribute A(block)
    ;
  // CHECK: diag-placement.cpp:[[@LINE-2]]:1: error: an hpf redistribute directive cannot be the body of an if, loop or case label without braces
  return 0;
}
