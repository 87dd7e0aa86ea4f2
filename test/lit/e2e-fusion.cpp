// Adjacent nests fused row by row (analysis/loops/Fusion.cpp, codegen/Fusion.cpp):
// the second nest's row r runs right after the first nest's row r + lag.
// Each function is one case; the data make every row different, so a row
// of the second nest run too early (before a row of the first nest that
// reads what it writes) changes the output at -n 1 already:
//  - stencil: Out += the star of radius 2 around In (a halo), then In += 1
//    (lag 2);
//  - copyBack: the heat equation's TNew from T's neighbours, then T = TNew,
//    the first nest's rows without braces (lag 1);
//  - sameRow: V from U, then U from U and V (lag 0);
//  - ahead: V from U[i] and U[i + 1], then U from V (lag 0: the first
//    nest's later rows read rows after r only);
//  - narrower: the second nest over fewer rows than the first, and a first
//    nest over fewer rows than the second;
//  - blocks: cyclic(2) rows, several segments per rank (lag 0);
//  - helpers: nests that call a function and a `[&]` lambda that write
//    nothing (lag 0);
// and pairs that are not fused (each says why): the second nest reads the
// first one's rows through a halo, the first calls a function that may
// throw, has a reduction, counts down, or has rows of one element (rank
// 1).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3 %s | FileCheck %s
// CHECK: e2e: sequential output: stencil {{-?[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// The second nest's rows run in batches of about 16 KB (here 16 rows): a
// lag too small could hide behind them, so the outputs again with each row
// run as early as the lag allows, at -n 1 and 2 (a message per row: at
// -n 3 on two cores each of them waits for a descheduled rank, and the run
// came near the e2e timeout under a loaded machine).
// RUN: env HPF_FUSED_BATCH=1 %e2e --tmp %t.b1 --ranks 1,2 %s | FileCheck %s --check-prefix=B1
// B1: e2e: sequential output: stencil {{-?[0-9]+}}
// B1: e2e: -n 1: same output
// B1: e2e: -n 2: same output
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
#include <cstdio>

// The program's macros stay in force in the generated code: names the
// fused code must not expand (a fifth review's case: each broke the build).
#define min minimum
#define fused_batch(x) 1

constexpr int N = 30, C = 128; // rows long enough to be fused

#pragma hpf processors P(*)
long In[N][C], Out[N][C];
#pragma hpf distribute In(block, *) onto P
#pragma hpf distribute Out(block, *) onto P
double T[N][C], TNew[N][C];
#pragma hpf distribute T(block, *) onto P
#pragma hpf distribute TNew(block, *) onto P
long U[N][C], V[N][C];
#pragma hpf distribute U(block, *) onto P
#pragma hpf distribute V(block, *) onto P
long U1[N], V1[N];
#pragma hpf distribute U1(block) onto P
#pragma hpf distribute V1(block) onto P
long Cy[N][C], Cw[N][C];
#pragma hpf distribute Cy(cyclic(2), *) onto P
#pragma hpf distribute Cw(cyclic(2), *) onto P

long sum2(long (&A)[N][C]) {
  long S = 0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < C; ++j)
      S = S * 7 % 1000003 + A[i][j];
  return S;
}
long sum1(long (&A)[N]) {
  long S = 0;
  for (int i = 0; i < N; ++i)
    S = S * 7 % 1000003 + A[i];
  return S;
}
long twice(long X) { return 2 * X; }
long checked(long X) {
  if (X < 0)
    throw X;
  return X + 1;
}

void fill() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j) {
      In[i][j] = (i * 7 + j * 3) % 11;
      Out[i][j] = 0;
    }
  }
}

long stencil() {
  fill();
  for (int It = 0; It < 3; ++It) {
#pragma hpf independent
    for (int i = 2; i < N - 2; ++i) {
#pragma hpf independent
      for (int j = 2; j < C - 2; ++j)
        Out[i][j] += 2 * (In[i][j + 1] - In[i][j - 1]) + In[i + 2][j] -
                     In[i - 2][j] + 3 * (In[i + 1][j] - In[i - 1][j]);
    }
    // REMARK: e2e-fusion.cpp:[[@LINE+1]]:1: remark: fused with the independent loop at line {{[0-9]+}}: each rank runs row i of this loop right after row i + 2 of that one
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
#pragma hpf independent
      for (int j = 0; j < C; ++j)
        In[i][j] += i + 1;
    }
  }
  return sum2(Out) * 3 + sum2(In);
}

double copyBack() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j) {
      T[i][j] = (i + j) % 5 == 0 ? 100.0 : 0.0;
      TNew[i][j] = 0;
    }
  }
  for (int S = 0; S < 4; ++S) {
#pragma hpf independent
    for (int i = 1; i < N - 1; ++i)
#pragma hpf independent
      for (int j = 0; j < C; ++j)
        TNew[i][j] = T[i][j] + 0.25 * (T[i - 1][j] - 2 * T[i][j] + T[i + 1][j]);
    // REMARK: e2e-fusion.cpp:[[@LINE+1]]:1: remark: fused with the independent loop at line {{[0-9]+}}: each rank runs row i of this loop right after row i + 1 of that one
#pragma hpf independent
    for (int i = 1; i < N - 1; ++i)
#pragma hpf independent
      for (int j = 0; j < C; ++j)
        T[i][j] = TNew[i][j];
  }
  double S = 0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < C; ++j)
      S += T[i][j] * (i + 1) * (j + 2);
  return S;
}

void fillUV(int F) {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j) {
      U[i][j] = (i * F + j) % 7;
      V[i][j] = 0;
    }
  }
}

long sameRow() {
  fillUV(3);
  for (int S = 0; S < 3; ++S) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      for (int j = 0; j < C; ++j)
        V[i][j] = U[i][j] * 2 + 1;
    }
    // REMARK: e2e-fusion.cpp:[[@LINE+1]]:1: remark: fused with the independent loop at line {{[0-9]+}}: each rank runs row i of this loop right after row i + 0 of that one
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < C; ++j)
        U[i][j] = (U[i][j] + V[i][j]) % 1000;
  }
  return sum2(U) * 3 + sum2(V);
}

long ahead() {
  fillUV(5);
  for (int S = 0; S < 3; ++S) {
#pragma hpf independent
    for (int i = 0; i < N - 1; ++i) {
      for (int j = 0; j < C; ++j)
        V[i][j] = U[i + 1][j] * 3 - U[i][j];
    }
    // REMARK: e2e-fusion.cpp:[[@LINE+1]]:1: remark: fused with the independent loop at line {{[0-9]+}}: each rank runs row i of this loop right after row i + 0 of that one
#pragma hpf independent
    for (int i = 0; i < N - 1; ++i)
      for (int j = 0; j < C; ++j)
        U[i][j] = V[i][j] % 100;
  }
  return sum2(U) * 5 + sum2(V);
}

long narrower() {
  fill();
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      Out[i][j] = In[i][j] * 2 + (i > 0 ? In[i - 1][j] : 0);
  }
  // REMARK: e2e-fusion.cpp:[[@LINE+1]]:1: remark: fused with the independent loop at line {{[0-9]+}}: each rank runs row i of this loop right after row i + 1 of that one
#pragma hpf independent
  for (int i = 3; i < N - 1; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      In[i][j] = Out[i][j] - j;
  }
#pragma hpf independent
  for (int i = 5; i < 9; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      Out[i][j] += In[i + 1][j];
  }
  // REMARK: e2e-fusion.cpp:[[@LINE+1]]:1: remark: fused with the independent loop at line {{[0-9]+}}: each rank runs row i of this loop right after row i + 0 of that one
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      In[i][j] += Out[i][j];
  }
  return sum2(In) * 3 + sum2(Out);
}

long blocks() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j) {
      Cy[i][j] = (i * 3 + j) % 13;
      Cw[i][j] = 0;
    }
  }
  for (int S = 0; S < 2; ++S) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
#pragma hpf independent
      for (int j = 0; j < C; ++j)
        Cw[i][j] = Cy[i][j] * 2 + j;
    }
    // REMARK: e2e-fusion.cpp:[[@LINE+1]]:1: remark: fused with the independent loop at line {{[0-9]+}}: each rank runs row i of this loop right after row i + 0 of that one
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
#pragma hpf independent
      for (int j = 0; j < C; ++j)
        Cy[i][j] = (Cw[i][j] + Cy[i][j]) % 1000;
    }
  }
  return sum2(Cy) * 3 + sum2(Cw);
}

long helpers() {
  fillUV(6);
  const long Add = 3;
  auto Plus = [&](long X) { return X + Add; };
  for (int S = 0; S < 2; ++S) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      for (int j = 0; j < C; ++j)
        V[i][j] = twice(U[i][j]) + Plus(j);
    }
    // REMARK: e2e-fusion.cpp:[[@LINE+1]]:1: remark: fused with the independent loop at line {{[0-9]+}}: each rank runs row i of this loop right after row i + 0 of that one
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < C; ++j)
        U[i][j] = Plus(V[i][j]) % 1000;
  }
  return sum2(U) * 3 + sum2(V);
}

long notFused() {
  fillUV(4);
#pragma hpf independent
  for (int i = 1; i < N - 1; ++i) {
    for (int j = 0; j < C; ++j)
      V[i][j] = U[i][j] + U[i + 1][j];
  }
  // REMARK: e2e-fusion.cpp:[[@LINE+1]]:1: remark: not fused with the independent loop at line {{[0-9]+}}: the loop at line {{[0-9]+}} reads 'V' at rows other ranks own, which the first loop's rows there may write
#pragma hpf independent
  for (int i = 1; i < N - 1; ++i)
    for (int j = 0; j < C; ++j)
      U[i][j] = V[i - 1][j] + V[i][j];
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      V[i][j] = checked(U[i][j]);
  }
  // REMARK: e2e-fusion.cpp:[[@LINE+1]]:1: remark: not fused with the independent loop at line {{[0-9]+}}: the loop at line {{[0-9]+}}: it throws at line {{[0-9]+}}, reached through 'checked' (called at line [[@LINE-2]])
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < C; ++j)
      U[i][j] += V[i][j];
  long R = 0;
#pragma hpf independent reduction(+ : R)
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < C; ++j)
      R += U[i][j];
  }
  // REMARK: e2e-fusion.cpp:[[@LINE+1]]:1: remark: not fused with the independent loop at line {{[0-9]+}}: the loop at line {{[0-9]+}} has a reduction
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < C; ++j)
      U[i][j] += R % 10;
#pragma hpf independent
  for (int i = N - 1; i >= 0; --i) {
    for (int j = 0; j < C; ++j)
      V[i][j] = U[i][j] * 2;
  }
  // REMARK: e2e-fusion.cpp:[[@LINE+1]]:1: remark: not fused with the independent loop at line {{[0-9]+}}: the loop at line {{[0-9]+}} does not count up by one
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < C; ++j)
      U[i][j] += V[i][j];
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    U1[i] = i % 6;
    V1[i] = U1[i] * 2;
  }
  // REMARK: e2e-fusion.cpp:[[@LINE+1]]:1: remark: not fused with the independent loop at line {{[0-9]+}}: the rows of the loop at line {{[0-9]+}} are single elements
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    U1[i] += V1[i];
  return sum2(U) * 3 + sum2(V) + sum1(U1);
}

int main() {
  const long A = stencil();
  const double B = copyBack();
  const long Cs = sameRow(), D = ahead(), E = narrower(), F = blocks(),
             G = notFused(), H = helpers();
  std::printf("stencil %ld copyback %.6f samerow %ld ahead %ld narrower %ld "
              "blocks %ld notfused %ld helpers %ld\n",
              A, B, Cs, D, E, F, G, H);
  return 0;
}
