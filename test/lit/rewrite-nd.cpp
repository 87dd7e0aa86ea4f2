// Multi-dimensional arrays: declarations on grids and '*', elements in
// replicated code (get/set/update with one index per dimension), loop nests
// (each level over the owned segments of one dimension of the home array,
// elements M(i, j)), gathered copies, alignment checked at run time, and
// N-D redistribution (run-time plan).
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp -fplugin-arg-hpf-remarks %s 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %strip_checks %t.cpp | FileCheck %s
// RUN: %clangxx -std=c++20 -fsyntax-only -Wall -Wextra -Werror %hpf_includes %t.cpp
// RUN: %gxx -std=c++20 -fsyntax-only -Wall -Wextra -Werror %hpf_includes %t.cpp
#include <cstdio>
constexpr int R = 8, C = 6;
#pragma hpf processors G(2, 3)
#pragma hpf processors ALL(*)
double M[R][C];
#pragma hpf distribute M(block, cyclic(2)) onto G
#pragma hpf dynamic M
// CHECK: /* #pragma hpf processors G(2, 3) */ static const hpf::processors __hpf_procs_G({2, 3}, "{{.*}}rewrite-nd.cpp:[[@LINE-5]]:1");
// CHECK: /* #pragma hpf distribute M(block, cyclic(2)) onto G */ hpf::darray<double, 2> M({8, 6}, {hpf::block(), hpf::cyclic(2)}, __hpf_procs_G, "{{.*}}rewrite-nd.cpp:[[@LINE-3]]:1");
// REMARK: rewrite-nd.cpp:[[@LINE-4]]:1: remark: distribute 'M': (block, cyclic(2)) onto G(2, 3), 8 x 6 elements of double
float S[R][C];
#pragma hpf distribute S(*, block) onto ALL
// CHECK: hpf::darray<float, 2> S({8, 6}, {hpf::collapsed(), hpf::block()}, __hpf_procs_ALL, "{{.*}}");
int T[2][R][C];
#pragma hpf distribute T(*, block, cyclic) onto G
// CHECK: hpf::darray<int, 3> T({2, 8, 6}, {hpf::collapsed(), hpf::block(), hpf::cyclic()}, __hpf_procs_G, "{{.*}}");
double V[R];
#pragma hpf distribute V(cyclic) onto ALL

int main(int argc, char **) {
  int k = argc;
#pragma hpf independent
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      M[i][j] = i * 10 + j;
  }
  // The inner level's bounds do not depend on i: its segments are found
  // once, before the nest.
  // CHECK: /* #pragma hpf independent */ { double *__restrict const __hpf_M[[ID:[0-9]+]] = M.local_data(); const hpf::index_t __hpf_M[[ID]]_e1 = M.local_extent(1); const hpfcc::segment_range __hpf_segs[[ID]]_1 = hpfcc::owned_segments(M, 1, 0, C);
  // CHECK-NEXT: { for (const hpfcc::segment __hpf_seg[[ID]]_0 : hpfcc::owned_segments(M, 0, 0, R)) for (int i = __hpf_seg[[ID]]_0.lo; i < __hpf_seg[[ID]]_0.hi; ++i) {
  // CHECK-NEXT: /* #pragma hpf independent */
  // CHECK-NEXT: { for (const hpfcc::segment __hpf_seg[[ID]]_1 : __hpf_segs[[ID]]_1) for (int j = __hpf_seg[[ID]]_1.lo; j < __hpf_seg[[ID]]_1.hi; ++j)
  // CHECK-NEXT: __hpf_M[[ID]][(i + __hpf_seg[[ID]]_0.off) * __hpf_M[[ID]]_e1 + (j + __hpf_seg[[ID]]_1.off)] = i * 10 + j; }
  // CHECK-NEXT: } } }
  // REMARK: remark: independent loop nest over 'M' ((block, cyclic(2)) onto G(2, 3)): 'i' over the owned indices of dimension 0, 'j' over the owned indices of dimension 1; owner computes
  double x = M[k][k + 1];
  M[1][2] = x + M[2][1];
  M[k][0] *= 2;
  T[1][k][2] += 3;
  // CHECK: double x = M.get_at("{{.*}}rewrite-nd.cpp:[[@LINE-4]]:14", k, k + 1);
  // CHECK-NEXT: M.set_at("{{.*}}rewrite-nd.cpp:[[@LINE-4]]:3", 1, 2, x + M.get_at("{{.*}}rewrite-nd.cpp:[[@LINE-4]]:17", 2, 1));
  // CHECK-NEXT: M.update_at<hpf::elem_op::mul>("{{.*}}rewrite-nd.cpp:[[@LINE-4]]:3", k, 0, 2);
  // CHECK-NEXT: T.update_at<hpf::elem_op::add>("{{.*}}rewrite-nd.cpp:[[@LINE-4]]:3", 1, k, 2, 3);
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      s += M[i][j] * V[i] + M[(i + 1) % R][j];
  }
  // The home array M is only read: its elements at (i, j) stay local (the
  // nest runs distributed), the others come from the gathered copy (M is
  // not distributed by rows alone, so no row fetch); V[i] is fetched.
  // CHECK: /* #pragma hpf independent reduction(+ : s) */ { static hpfcc::gather_site<double> __hpf_gs_M[[G:[0-9]+]]; const hpfcc::gathered<double, 2> __hpf_all_M[[G]](__hpf_gs_M[[G]], M); static hpfcc::fetch_site __hpf_fs[[G]]_0;
  // CHECK: s += __hpf_M[[G]][(i + __hpf_seg[[G]]_0.off) * __hpf_M[[G]]_e1 + (j + __hpf_seg[[G]]_1.off)] * __hpf_fxp[[G]]_0[hpfcc::fetched_slot(i + __hpf_seg[[G]]_0.off, i)] + __hpf_all_M[[G]]((i + 1) % R, j); }
  // REMARK: remark: 'M' is read at subscripts that are not aligned with the loop: before the loop its 48 elements are gathered on every rank (one MPI_Allgatherv, 384 bytes per rank)
  // REMARK: remark: independent loop nest over 'M' ((block, cyclic(2)) onto G(2, 3)): 'i' over the owned indices of dimension 0, 'j' over the owned indices of dimension 1; owner computes, 1 reduction(s) combined across ranks
  double s2 = 0;
#pragma hpf independent reduction(+ : s2)
  for (int i = 0; i < R; ++i) {
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      s2 += M[(i + 1) % R][j];
  }
  s += s2;
  // Nothing read at the nest's indices: its rows are split over the ranks,
  // over a copy.
  // CHECK: /* #pragma hpf independent reduction(+ : s2) */ { static hpfcc::gather_site<double> __hpf_gs_M[[E:[0-9]+]]; const hpfcc::gathered<double, 2> __hpf_all_M[[E]](__hpf_gs_M[[E]], M);
  // CHECK: s2 += __hpf_all_M[[E]]((i + 1) % R, j);
  // REMARK: remark: independent loop nest writes no distributed array and reads none at its indices: its iterations are split over the ranks in blocks ('i': rank r runs the r-th of P), 1 reduction(s) combined across ranks
#pragma hpf redistribute M(cyclic, *) onto ALL
  // CHECK: hpf::redistribute(M, std::array<hpf::format, 2>{hpf::cyclic(), hpf::collapsed()}, __hpf_procs_ALL, "{{.*}}");
#pragma hpf independent
  for (int i = 0; i <= R - 1; ++i)
    for (int j = 1; j < C; ++j)
      M[i][j] = M[i][j - 1] + S[i][j];
  // A '*' dimension: any subscript, local index = subscript, its extent
  // a constant stride (the mapping here is known). Rows
  // cyclic(1): one run at a step of the rank count (hpfcc/strided.h).
  // S (*, block) is read in M's mapping, (cyclic, *): from a copy
  // redistributed to it before the loop (nothing moves if they agree).
  // CHECK: /* #pragma hpf independent */ { double *__restrict const __hpf_M[[L:[0-9]+]] = M.local_data(); const hpf::index_t __hpf_M[[L]]_e1 = 6; const hpfcc::realigned<float, 2> __hpf_re_S[[L]](S, M, {0, -1}, "{{.*}}"); const float *__restrict const __hpf_S[[L]] = __hpf_re_S[[L]].data(); const hpf::index_t __hpf_S[[L]]_e1 = __hpf_re_S[[L]].local_extent(1);
  // CHECK-NEXT: { for (hpfcc::strided_segment __hpf_seg[[L]]_0 : hpfcc::owned_strided(M, 0, 0, (R - 1) + 1)) for (int i = __hpf_seg[[L]]_0.lo; i < __hpf_seg[[L]]_0.hi; i += __hpf_seg[[L]]_0.step, __hpf_seg[[L]]_0.off -= __hpf_seg[[L]]_0.skip)
  // CHECK-NEXT: for (int j = 1; j < C; ++j)
  // CHECK-NEXT: __hpf_M[[L]][(i + __hpf_seg[[L]]_0.off) * __hpf_M[[L]]_e1 + j] = __hpf_M[[L]][(i + __hpf_seg[[L]]_0.off) * __hpf_M[[L]]_e1 + (j - 1)] + __hpf_S[[L]][(i + __hpf_seg[[L]]_0.off) * __hpf_S[[L]]_e1 + j];
  // REMARK: remark: 'S[i][j]' is read from a copy of 'S' redistributed before the loop to the mapping the loop reads it with (dimension 0 of 'S' like dimension 0 of 'M', the other dimensions '*')
  // REMARK: remark: independent loop nest over 'M' ((cyclic, *) onto ALL(*)): 'i' over the owned indices of dimension 0; owner computes
  // Three dimensions, the outer one '*' (every index, no offset).
  long t = 0;
#pragma hpf independent reduction(+ : t)
  for (int c = 0; c < 2; ++c) {
#pragma hpf independent
    for (int i = 0; i < R; ++i) {
#pragma hpf independent
      for (int j = 0; j < C; ++j)
        t += T[c][i][j];
    }
  }
  // CHECK: t += __hpf_T[[T:[0-9]+]][((c + __hpf_seg[[T]]_0.off) * __hpf_T[[T]]_e1 + (i + __hpf_seg[[T]]_1.off)) * __hpf_T[[T]]_e2 + (j + __hpf_seg[[T]]_2.off)];
  // REMARK: remark: independent loop nest over 'T' ((*, block, cyclic) onto G(2, 3)): 'c' over dimension 0 (not distributed: every index), 'i' over the owned indices of dimension 1, 'j' over the owned indices of dimension 2; owner computes, 1 reduction(s) combined across ranks
  // REMARK: remark: redistribute 'M' plan made at run time: target: the size of ALL(*) is only known at run time
  std::printf("%f %f %ld\n", x, s, t);
  return 0;
}
