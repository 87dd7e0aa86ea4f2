// Errors point at the exact token (line and column), fix-its where the
// repair is obvious.
// RUN: not %clang_hpf -fdiagnostics-parseable-fixits %s 2>&1 | FileCheck %s
int A[10];
#pragma hpf distrbute A(block)
// CHECK: diag-columns.cpp:[[@LINE-1]]:13: error: unknown hpf directive 'distrbute'; did you mean 'distribute'?
// CHECK: fix-it:"{{.*}}diag-columns.cpp":{[[@LINE-2]]:13-[[@LINE-2]]:22}:"distribute"
#pragma hpf distribute A(cylic(2))
// CHECK: diag-columns.cpp:[[@LINE-1]]:26: error: unknown distribution format 'cylic'; did you mean 'cyclic'?
// CHECK: fix-it:"{{.*}}diag-columns.cpp":{[[@LINE-2]]:26-[[@LINE-2]]:31}:"cyclic"
#pragma hpf distribute A(cyclic(2)
// CHECK: diag-columns.cpp:[[@LINE-1]]:35: error: expected ')', found end of directive
// CHECK: fix-it:"{{.*}}diag-columns.cpp":{[[@LINE-2]]:35-[[@LINE-2]]:35}:")"
#pragma hpf distribute A(block) on P
// CHECK: diag-columns.cpp:[[@LINE-1]]:33: error: expected 'onto', found 'on'
// CHECK: fix-it:"{{.*}}diag-columns.cpp":{[[@LINE-2]]:33-[[@LINE-2]]:35}:"onto"
#pragma hpf independent reduction(+ s)
// CHECK: diag-columns.cpp:[[@LINE-1]]:37: error: expected ':', found 's'
// CHECK: fix-it:"{{.*}}diag-columns.cpp":{[[@LINE-2]]:36-[[@LINE-2]]:36}:":"
#pragma hpf dynamic A junk
// CHECK: diag-columns.cpp:[[@LINE-1]]:23: error: extra tokens at end of hpf directive: 'junk'
// CHECK: fix-it:"{{.*}}diag-columns.cpp":{[[@LINE-2]]:23-[[@LINE-2]]:27}:""
#pragma hpf distribute A(cyclic(1 + undeclared))
// CHECK: diag-columns.cpp:[[@LINE-1]]:37: error: use of undeclared identifier 'undeclared'
