// Function templates over grids of several extents, as a multigrid code
// writes them: each routine a template over the extent, prescribing its
// parameters' mapping with `distribute` (HPF's prescriptive mapping of a
// dummy argument). Each instantiation called with distributed arrays gets a
// copy whose parameters are remapped for the call when the argument
// arrives in another mapping (Fine2 is cyclic) and whose loops know the
// mapping; an instantiation passed a plain array for one parameter and a
// distributed one for another (the restriction onto the replicated coarse
// level, the prolongation from it) ignores that parameter's directive, as
// the template does for plain arrays; the restriction then writes the
// replicated level through its reference parameter, and each rank's
// changes are delivered to all after the loop. The restriction onto a
// distributed level reads the fine rows 2k - 1 .. 2k + 1 by a planned fetch.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: levels {{-?[0-9]+}} {{-?[0-9]+}} {{-?[0-9]+}}
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// RUN: %hpfcc -Rpass=hpf -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK-DAG: remark: distribute of parameter 'U' in template 'smooth': it applies in the copy hpfcc makes of each instantiation called with distributed arrays
// REMARK-DAG: remark: 'S' of 'restrict2' is a plain array in this instantiation: its distribute directive has no effect here
// REMARK-DAG: remark: 'Z' of 'prolong' is a plain array in this instantiation: its distribute directive has no effect here
// REMARK-DAG: remark: 'S' is replicated and written in the loop: before it a copy of 64 elements, after it each rank's changed elements are sent to all (one MPI_Allgatherv)
// REMARK-DAG: remark: 'R[2 * k][2 * j]' is read without a gather: its subscript is affine in 'k'
// RUN: %hpfcc --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=SRC
// SRC: void __hpf_smooth_{{[0-9]+}}(hpf::darray<double, 2> &R, hpf::darray<double, 2> &U) { hpf::restore_mapping
// SRC: void __hpf_restrict2_{{[0-9]+}}(hpf::darray<double, 2> &R, double (&S)[8][8], int NC) {
#include <cstdio>

constexpr int NF = 32, NM = 16, NC = 8;

double Fine[NF][NF], Fine2[NF][NF], Mid[NM][NM], Mid2[NM][NM];
double Coarse[NC][NC], Coarse2[NC][NC]; // replicated
#pragma hpf distribute Fine(block, *)
#pragma hpf distribute Fine2(cyclic, *)
#pragma hpf distribute Mid(block, *)
#pragma hpf distribute Mid2(block, *)

template <int E> void smooth(const double (&R)[E][E], double (&U)[E][E]) {
#pragma hpf distribute R(block, *)
#pragma hpf distribute U(block, *)
#pragma hpf independent
  for (int k = 1; k < E - 1; k++)
    for (int j = 1; j < E - 1; j++)
      U[k][j] = 0.5 * R[k][j] + 0.125 * (R[k - 1][j] + R[k + 1][j] +
                                         R[k][j - 1] + R[k][j + 1]);
}

// Coarse point k is fine point 2k.
template <int F, int G>
void restrict2(const double (&R)[F][F], double (&S)[G][G], int NC) {
#pragma hpf distribute R(block, *)
#pragma hpf distribute S(block, *)
#pragma hpf independent
  for (int k = 1; k < NC - 1; k++)
    for (int j = 1; j < NC - 1; j++)
      S[k][j] = 0.5 * R[2 * k][2 * j] +
                0.25 * (R[2 * k - 1][2 * j] + R[2 * k + 1][2 * j]);
}

template <int G, int F>
void prolong(const double (&Z)[G][G], double (&U)[F][F], int NF) {
#pragma hpf distribute Z(block, *)
#pragma hpf distribute U(block, *)
#pragma hpf independent
  for (int k = 0; k < NF; k++)
    for (int j = 0; j < NF; j++)
      U[k][j] += 0.5 * (Z[k / 2][j / 2] + Z[(k + 1) / 2 % G][j / 2]);
}

template <int E> long long checksum(const double (&A)[E][E]) {
  long long s = 0;
  for (int k = 0; k < E; k++)
    for (int j = 0; j < E; j++)
      s += (long long)(A[k][j] * 4096) * (1 + (k + 2 * j) % 7);
  return s;
}

int main() {
  for (int k = 0; k < NF; k++)
    for (int j = 0; j < NF; j++) {
      Fine[k][j] = (k * 7 + j * 3) % 11;
      Fine2[k][j] = 0;
    }
  smooth(Fine, Fine2);   // Fine2 remapped to (block, *) for the call
  restrict2(Fine2, Mid, NM); // distributed to distributed
  smooth(Mid, Mid2);
  restrict2(Mid2, Coarse, NC); // distributed to replicated
  smooth(Coarse, Coarse2);     // plain arrays: the template itself
  prolong(Coarse2, Mid2, NM);  // replicated to distributed
  prolong(Mid2, Fine2, NF);
  std::printf("levels %lld %lld %lld\n", checksum(Fine2), checksum(Mid2),
              checksum(Coarse2));
  return 0;
}
