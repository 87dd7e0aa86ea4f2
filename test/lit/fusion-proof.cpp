// What keeps two adjacent nests from being fused (analysis/loops/Fusion.cpp):
// each first nest below writes a plain array the second nest reads at
// another row, hidden from a check that looked only at assignments to
// variables declared outside the nest, or changes meaning as a lambda.
// Fused, each would print another result than the sequential build, at
// -n 1 already.
// RUN: not %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not="remark: fused"
// RUN: not %hpfcc -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=ERR
// Six first nests write what they do not own through a call or an
// object: a reference member, memcpy and an atomic store through a global
// pointer, a destructor, a default member initializer, a cleanup function.
// Each is an error (analysis/loops/LoopEffects.cpp) before fusion is considered:
// each rank would write its own copy of the global.
// ERR-DAG: fusion-proof.cpp:{{[0-9]+}}:8: error: 'PP' is declared outside the independent loop
// ERR-DAG: fusion-proof.cpp:{{[0-9]+}}:17: error: 'PP' is declared outside the independent loop
// ERR-DAG: fusion-proof.cpp:{{[0-9]+}}:22: error: 'PP' is declared outside the independent loop
// ERR-DAG: error: 'Plain' is written here, reached from the independent loop at line {{[0-9]+}} through '~Stamp'
// ERR-DAG: error: 'Plain' is declared outside the independent loop at line {{[0-9]+}} and may be changed here
// ERR-DAG: error: 'Flag' is written here, reached from the independent loop at line {{[0-9]+}} through 'mark'

#include <cstdio>
#include <cstring>

constexpr int N = 24, C = 128; // rows long enough to be fused
#pragma hpf processors P(*)
long U[N][C], V[N][C];
#pragma hpf distribute U(block, *) onto P
#pragma hpf distribute V(block, *) onto P
long Plain[N + 1];
long *PP = Plain;
struct R {
  long &x;
};

// A block-scope extern declaration is not a variable of the nest.
void externInside() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      V[i][j] = U[i][j] * 2;
    extern long Plain[N + 1];
    Plain[i] = i * 10 + 1;
  }
  // CHECK: fusion-proof.cpp:[[@LINE+1]]:1: remark: not fused with the independent loop at line {{[0-9]+}}: the loop at line {{[0-9]+}}: it writes 'Plain' at line [[@LINE-2]]
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      U[i][j] = V[i][j] + Plain[i + 1];
  }
}

// A reference member of a variable of the nest refers to outside.
void referenceMember() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      V[i][j] = U[i][j] * 2;
    R r{PP[i]};
    r.x = i * 10 + 1;
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      U[i][j] = V[i][j] + Plain[i + 1];
  }
}

// Builtins that write memory: memcpy, the atomics.
void writingBuiltins() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      V[i][j] = U[i][j] * 2;
    const long Val = i * 10 + 1;
    std::memcpy(PP + i, &Val, sizeof Val);
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      U[i][j] = V[i][j] + Plain[i + 1];
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      V[i][j] = U[i][j] * 2;
    __atomic_store_n(PP + i, i * 10L, __ATOMIC_RELAXED);
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      U[i][j] = V[i][j] + Plain[i + 1];
  }
}

// Output through a builtin (fprintf): the rows of the two nests would
// print interleaved.
void output() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      V[i][j] = U[i][j] + 1;
    std::fprintf(stdout, "a%d ", i);
  }
  // CHECK: fusion-proof.cpp:[[@LINE+1]]:1: remark: not fused with the independent loop at line {{[0-9]+}}: the loop at line {{[0-9]+}}: it prints ('stdout') at line [[@LINE-2]]
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      U[i][j] = V[i][j] * 2;
  }
}

// __builtin_FUNCTION() names the lambda the nest would become.
void functionName() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      V[i][j] = U[i][j] + long(sizeof(__builtin_FUNCTION()));
  }
  // CHECK: fusion-proof.cpp:[[@LINE+1]]:1: remark: not fused with the independent loop at line {{[0-9]+}}: the loop at line {{[0-9]+}}: its statement at line {{[0-9]+}} would change meaning in a lambda
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      U[i][j] = V[i][j] * 2;
  }
}

// A fourth review's hole: std::log and std::exp set errno (a global) on
// a domain or range error, so fused the last one to set it changed
// (-fmath-errno, the default).
void mathErrno() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      V[i][j] = long(__builtin_log(double(U[i][j] + 4)));
  }
  // CHECK: fusion-proof.cpp:[[@LINE+1]]:1: remark: not fused with the independent loop at line {{[0-9]+}}: the loop at line {{[0-9]+}}: it may set errno ('__builtin_log') at line [[@LINE-2]]
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      U[i][j] = V[i][j] * 2;
  }
}

// Kept: a builtin that writes nothing (fabs sets no errno).
void mathBuiltin() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      V[i][j] = long(__builtin_fabs(double(U[i][j] - 4)));
  }
  // CHECK: fusion-proof.cpp:[[@LINE+1]]:1: remark: fused with the independent loop at line {{[0-9]+}}: each rank runs row i of this loop right after row i + 0 of that one
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      U[i][j] = V[i][j] * 2;
  }
}

// Not fused: rows of 8 elements.
long Narrow[N][8], Narrow2[N][8];
#pragma hpf distribute Narrow(block, *) onto P
#pragma hpf distribute Narrow2(block, *) onto P
void shortRows() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < 8; ++j)
      Narrow2[i][j] = Narrow[i][j] + 1;
  }
  // CHECK: fusion-proof.cpp:[[@LINE+1]]:1: remark: not fused with the independent loop at line {{[0-9]+}}: rows of 8 elements are too short to gain from it
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < 8; ++j)
      Narrow[i][j] = Narrow2[i][j] * 2;
  }
}

// A second review's holes: a variable of the nest whose destructor, or
// whose default member initializer, writes a global.
struct Stamp {
  int K;
  ~Stamp() { Plain[K] = K * 10 + 1; }
};
struct Init {
  int K;
  long W = (Plain[K] = K * 10 + 1);
};
void destructor() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      V[i][j] = U[i][j] * 2;
    Stamp S{i};
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      U[i][j] = V[i][j] + Plain[i + 1];
  }
}
void memberInitializer() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      V[i][j] = U[i][j] * 2;
    Init S{i};
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      U[i][j] = V[i][j] + Plain[i + 1];
  }
}

// A third review's holes: a cleanup function writing a global when the
// nest's variable goes out of scope; what the nests' lambdas cannot
// capture (a structured binding of a bit-field, an anonymous union's
// member): the fused build did not compile.
int Flag[N + 1];
void mark(int *P) { Flag[*P] = 1; }
struct Bits {
  int A : 4;
  int B : 6;
};
void cleanup() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    int K __attribute__((cleanup(mark))) = i;
    for (int j = 0; j < C; ++j)
      V[i][j] = U[i][j] * 2;
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      U[i][j] = V[i][j] + Flag[i + 1];
  }
}
void captures() {
  Bits Bf{3, 9};
  auto [Ba, Bb] = Bf;
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      V[i][j] = U[i][j] * 2 + Bb;
  }
  // CHECK: fusion-proof.cpp:[[@LINE+1]]:1: remark: not fused with the independent loop at line {{[0-9]+}}: the loop at line {{[0-9]+}} names the structured binding 'Bb', which its lambda may not capture
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      U[i][j] = V[i][j] + Ba;
  }
  union {
    int Ua;
    float Uf;
  };
  Ua = 5;
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      V[i][j] = U[i][j] * 2;
  }
  // CHECK: fusion-proof.cpp:[[@LINE+1]]:1: remark: not fused with the independent loop at line {{[0-9]+}}: the loop at line {{[0-9]+}} names a member of an anonymous union, which its lambda cannot capture
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      U[i][j] = V[i][j] + Ua;
  }
}

// Helpers the nests call: what they may do is the effects analysis'
// answer (effects/Effects.h), named with the calls that reach it. A
// global each rank keeps as its own (new): fused, the second nest's rows
// would see the first nest's later rows' value.
long Calls;
long counted(long X) {
  ++Calls;
  return X + Calls % 2;
}
long checked(long X) {
  if (X < 0)
    throw X;
  return X;
}
long logOf(long X) { return long(__builtin_log(double(X + 4))); }
void twiceIn(long &X) { X *= 2; }
void helperWrites() {
#pragma hpf independent new(Calls)
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      V[i][j] = counted(U[i][j]);
  }
  // CHECK: fusion-proof.cpp:[[@LINE+1]]:1: remark: not fused with the independent loop at line {{[0-9]+}}: the loop at line {{[0-9]+}}: it writes 'Calls' at line {{[0-9]+}}, reached through 'counted' (called at line [[@LINE-2]])
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      U[i][j] = V[i][j] * 2;
  }
}
void helperThrows() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      V[i][j] = checked(U[i][j]);
  }
  // CHECK: fusion-proof.cpp:[[@LINE+1]]:1: remark: not fused with the independent loop at line {{[0-9]+}}: the loop at line {{[0-9]+}}: it throws at line {{[0-9]+}}, reached through 'checked' (called at line [[@LINE-2]])
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      U[i][j] = V[i][j] * 2;
  }
}
void helperErrno() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      V[i][j] = logOf(U[i][j]);
  }
  // CHECK: fusion-proof.cpp:[[@LINE+1]]:1: remark: not fused with the independent loop at line {{[0-9]+}}: the loop at line {{[0-9]+}}: it may set errno ('__builtin_log') at line {{[0-9]+}}, reached through 'logOf' (called at line [[@LINE-2]])
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      U[i][j] = V[i][j] * 2;
  }
}
// An element handed to a call by reference: pointer arithmetic in the
// callee may reach the elements next to it.
void elementByReference() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j) {
      V[i][j] = U[i][j];
      twiceIn(V[i][j]);
    }
  }
  // CHECK: fusion-proof.cpp:[[@LINE+1]]:1: remark: not fused with the independent loop at line {{[0-9]+}}: the loop at line {{[0-9]+}}: 'V' is written at line [[@LINE-3]] other than by an assignment to its element
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      U[i][j] = V[i][j] * 2;
  }
}

int main() {
  helperWrites();
  helperThrows();
  helperErrno();
  elementByReference();
  cleanup();
  captures();
  shortRows();
  destructor();
  memberInitializer();
  externInside();
  referenceMember();
  writingBuiltins();
  output();
  functionName();
  mathErrno();
  mathBuiltin();
  std::printf("%ld %ld\n", U[3][1], V[5][2]);
  return 0;
}
