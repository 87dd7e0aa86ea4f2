// Element reads of replicated loops fetched before the loop in one exchange
// (analysis/replicated/ReadBatches.cpp, hpfcc::read_batch): NAS FT's
// checksum shape (subscripts from declarations at the top of the body), a
// read through a replicated index array, two arrays of two element types in
// one loop, a loop whose index counts down by 2, a loop whose body calls a
// function that prints, and NPB's own shape (`q = j % NX;` to variables
// declared before the loop). Loops that must keep one broadcast per read
// keep it: a read under an if, an array the loop stores into, a subscript
// computed by a call, a subscript from a variable the loop changes, a loop
// left by break. Same output as the sequential build at -n 1..4.
// REQUIRES: mpi
// RUN: %hpfcc -Rhpf -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK-DAG: e2e-read-batch.cpp:58:3: remark: the element reads of this loop (1 per iteration) are listed before it
// REMARK-DAG: e2e-read-batch.cpp:66:3: remark: the element reads of this loop (1 per iteration) are listed before it
// REMARK-DAG: e2e-read-batch.cpp:70:3: remark: the element reads of this loop (2 per iteration) are listed before it
// REMARK-DAG: e2e-read-batch.cpp:74:3: remark: the element reads of this loop (1 per iteration) are listed before it
// REMARK-DAG: e2e-read-batch.cpp:78:3: remark: the element reads of this loop (1 per iteration) are listed before it
// REMARK-DAG: e2e-read-batch.cpp:114:3: remark: the element reads of this loop (1 per iteration) are listed before it
// REMARK-DAG: e2e-read-batch.cpp:132:3: remark: the element reads of this loop (1 per iteration) are listed before it
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: checksum 2.68e+04 -1.0e+04
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>

constexpr int NX = 8, NY = 6, NZ = 10;
double U[NZ][NY][NX];
int V[64];
double W[64];
#pragma hpf distribute U(block, *, *)
#pragma hpf distribute V(cyclic(3))
#pragma hpf distribute W(block)

int Perm[16];
struct StepTable {
  int At[4];
};
constexpr StepTable Table{{3, 17, 40, 63}};
constexpr const StepTable *Steps = &Table;
int twice(int k) { return 2 * k; }
void note(double x) { std::printf("note %.3f\n", x); }

int main() {
  for (int k = 0; k < NZ; k++)
    for (int j = 0; j < NY; j++)
      for (int i = 0; i < NX; i++)
        U[k][j][i] = 100.0 * k + 10.0 * j + i - 0.5 * (k * j % 7);
  for (int i = 0; i < 64; i++) {
    V[i] = (i * 37) % 64;
    W[i] = 0.25 * i;
  }
  for (int i = 0; i < 16; i++)
    Perm[i] = (i * 5 + 3) % 64;

  double re = 0.0;
  for (int j = 1; j <= 100; j++) {
    int q = j % NX, r = (3 * j) % NY;
    const int s = (5 * j) % NZ;
    re += U[s][r][q];
  }
  std::printf("checksum %.2e", re);

  long perm = 0;
  for (int i = 0; i < 16; i++) {
    perm += V[Perm[i]];
  }
  double mixed = 0.0;
  for (int i = 0; i < 64; i += 3) {
    mixed += V[i] * W[63 - i];
  }
  double down = 0.0;
  for (int i = 62; i >= 0; i -= 2) {
    down -= W[i] * i;
  }
  std::printf(" %.1e\n", down);
  for (int i = 0; i < 4; i++) {
    note(W[i * 7]);
  }

  // One broadcast per read: each of these is refused a batch.
  long cond = 0, stored = 0, called = 0, changing = 0, early = 0;
  for (int i = 0; i < 64; i++) {
    if (i % 3 == 0)
      cond += V[i];
  }
  for (int i = 0; i < 63; i++) {
    stored += V[i];
    V[i + 1] = V[i] + 1;
  }
  for (int i = 0; i < 20; i++) {
    called += V[twice(i)];
  }
  int k = 0;
  for (int i = 0; i < 20; i++) {
    changing += V[k];
    k += i;
    k %= 64;
  }
  for (int i = 0; i < 64; i++) {
    early += V[i];
    if (early > 500)
      break;
  }
  std::printf("%ld %.2f %ld %ld %ld %ld %ld\n", perm, mixed, cond, stored,
              called, changing, early);

  // NPB's shape: subscripts assigned to variables declared before the loop
  // (batched); one read before its variable's assignment (the previous
  // iteration's value: not batched).
  int q, r, s;
  double npb = 0.0;
  for (int j = 1; j <= 60; j++) {
    q = j % NX;
    r = (3 * j) % NY;
    s = (5 * j) % NZ;
    npb += U[s][r][q];
  }
  int r2 = 0;
  double carried = 0.0;
  for (int j = 1; j <= 20; j++) {
    carried += W[r2];
    r2 = (j * 11) % 64;
  }
  std::printf("npb %.2f %.2f %d\n", npb, carried, q + r + s);

  // NPB's other shape: the index declared before the loop, an unbraced
  // body, subscripts from a constant table through a pointer to const.
  int m;
  double table = 0.0;
  for (m = 0; m < 4; m++)
    table += W[Steps->At[m]];
  std::printf("table %.2f %d\n", table, m);
  // Not batched: the index starts from its own value.
  int from = 2;
  double own = 0.0;
  for (from = from * 3; from < 20; from += 4) {
    own += W[from];
  }
  std::printf("own %.2f\n", own);
  return 0;
}

// The reads that stay one broadcast per iteration, each with its reason.
// RUN: %hpfcc -Rhpf -c %s -o %t.why.o 2>&1 | FileCheck %s --check-prefix=WHY
// WHY-DAG: e2e-read-batch.cpp:86:15: remark: this element read is one broadcast per iteration of the loop at line 84 (not listed before the loop: it is made only on some iterations
// WHY-DAG: e2e-read-batch.cpp:89:15: remark: this element read is one broadcast per iteration of the loop at line 88 (not listed before the loop: 'V' is stored into in the loop)
// WHY-DAG: e2e-read-batch.cpp:93:15: remark: this element read is one broadcast per iteration of the loop at line 92 (not listed before the loop: its subscripts cannot be computed before the loop
// WHY-DAG: e2e-read-batch.cpp:97:17: remark: this element read is one broadcast per iteration of the loop at line 96 (not listed before the loop: its subscripts cannot be computed before the loop
// WHY-DAG: e2e-read-batch.cpp:102:14: remark: this element read is one broadcast per iteration of the loop at line 101 (not listed before the loop: its body may leave it early
// WHY-DAG: e2e-read-batch.cpp:123:16: remark: this element read is one broadcast per iteration of the loop at line 122 (not listed before the loop: its subscripts cannot be computed before the loop
// WHY-DAG: e2e-read-batch.cpp:139:12: remark: this element read is one broadcast per iteration of the loop at line 138 (not listed before the loop: its header is not
