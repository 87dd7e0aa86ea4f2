// Directives the rewriter cannot reach: in a header, or produced by
// _Pragma in a macro.
// RUN: not %clang_hpf %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include "Inputs/header-directive.h"
// CHECK: header-directive.h:2:9: error: hpf directives are only supported in the main source file, not in included headers

#define DIST _Pragma("hpf processors X(2)")
DIST
// CHECK: error: hpf directives must be written as '#pragma hpf', not produced by _Pragma or a macro

int main() {}
