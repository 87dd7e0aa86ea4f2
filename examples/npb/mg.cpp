// NAS Parallel Benchmarks, MG (multigrid), written for hpfcc from the
// benchmark's specification (NAS reports RNR-94-007 and NPB 2).
//
// MG approximates the solution of the discrete Poisson problem A u = v on a
// periodic N x N x N grid by NIT V-cycles. v is zero but for ten charges
// +1 at the ten largest and ten -1 at the ten smallest of N^3 numbers from
// NPB's generator (seed 314159265, a = 5^13, in the grid's order, x
// fastest). Each iteration applies the V-cycle to the residual r = v - A u
// and computes the new residual; the benchmark's result is the L2 norm of
// the last one, sqrt(sum r^2 / N^3). The operators are 27-point stencils
// with the specification's coefficients:
//   A  the residual's operator (a0 = -8/3, a1 = 0, a2 = 1/6, a3 = 1/12),
//   S  the smoother (c0 = -3/8, c1 = 1/32, c2 = -1/64, c3 = 0),
//   P  the restriction of a residual to the grid of half the extent
//      (weights 1/2, 1/4, 1/8, 1/16 by distance),
//   Q  the trilinear prolongation of a correction to the grid of twice the
//      extent.
// Level k of the hierarchy has extent 2^k (k = 1 .. LT, LT = log2 N); a
// V-cycle restricts the residual down to level 1, smooths there, and on
// the way up prolongs the correction, recomputes the residual and smooths.
// Every grid has a ghost plane on each side of each dimension (indices 0
// and n + 1 for the interior 1 .. n), the periodic copy of the plane at the
// other end, which comm3 refreshes after each operator that writes the
// grid.
//
// With hpfcc the three finest levels (63/64 of the work), each in arrays
// of its own extent, are distributed by blocks of planes, (block, *, *), so
// coarse plane k and fine planes 2k - 1 .. 2k + 1 are mostly on the same
// rank; the coarser levels are replicated: every rank holds and computes
// them whole, which costs less than moving them. Each operator is a
// template over the arrays' extent that prescribes its parameters' mapping:
// hpfcc compiles a copy of each instantiation called with distributed
// arrays, and calls with the replicated levels' plain arrays run the
// template as written. On the distributed levels
//   A and S   read the neighbouring planes of the rank's block from a halo;
//   comm3     copies the ghosts within each plane in place (A and S do so
//             plane by plane as they compute it); the ghost planes 0 and
//             n + 1, stored by their owners, read planes n and 1, each sent
//             by its owner to the ghost plane's owner;
//   P         runs over the rank's coarse planes k and reads the fine planes
//             2k - 1 .. 2k + 1 in place, fetching the one or two another
//             rank owns; onto the replicated level below, it runs over
//             blocks of coarse planes, fetching the fine planes of its
//             block, and each rank's planes are sent to all after the loop;
//   Q         runs over the fine planes k and reads the coarse planes
//             k / 2 and (k + 1) / 2 in place or fetched, or the replicated
//             level below.
// Each element is computed by one rank from the same values in the same
// order as sequentially: only the norm's sum, added per rank, may differ
// in its last bits, so the norm is printed to 11 significant digits.
//
//   clang++ -std=c++20 -O3 -DCLASS=W mg.cpp -o mg && ./mg
//   hpfcc -O3 -DCLASS=W mg.cpp -o mg && mpiexec.mpich -n 2 ./mg
//
// Class S (the default), W or A; the run time ("Time in seconds", "Mop/s
// total") is the only output that changes from run to run.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "randdp.h"

#ifndef CLASS
#define CLASS S
#endif
#define MG_STRING2(X) #X
#define MG_STRING(X) MG_STRING2(X)

// The problem classes: the grid's extent, the V-cycles and the
// specification's L2 norm of the final residual.
struct ProblemClass {
  char Name;
  int N, NIt;
  double Norm;
};
constexpr ProblemClass Classes[] = {
    {'S', 32, 4, 0.5307707005734e-04},
    {'W', 128, 4, 0.6467329375339e-05},
    {'A', 256, 4, 0.2433365309069e-05},
};
constexpr const ProblemClass *findClass(char Name) {
  for (const ProblemClass &C : Classes)
    if (C.Name == Name)
      return &C;
  return nullptr;
}
constexpr const ProblemClass *Problem = findClass(MG_STRING(CLASS)[0]);
static_assert(Problem, "CLASS must be S, W or A");

constexpr int ilog2(int N) {
  int lg = 0;
  while ((1 << lg) < N)
    lg++;
  return lg;
}

constexpr int NX = Problem->N;
constexpr int NIT = Problem->NIt;
constexpr int LT = ilog2(NX); // the top level: extent 2^LT = NX
static_assert(1 << LT == NX && LT >= 2,
              "the grid's extent must be a power of two, at least 4");
constexpr int M = NX + 2; // the top level's arrays' extent (ghosts included)
constexpr int M1 = NX / 2 + 2; // level LT - 1's
constexpr int M2 = NX / 4 + 2; // level LT - 2's
constexpr int MR = NX / 8 + 2; // the coarser levels' (replicated)
static_assert(LT >= 4, "the grid's extent must be at least 16");
constexpr double Epsilon = 1.0e-8; // relative error the verification allows
constexpr double Seed = 314159265.0;
constexpr double Multiplier = 1220703125.0; // 5^13
constexpr int NCharges = 10;                // charges of each sign

// The operators' coefficients: A's a[0..3] by distance (centre, face, edge,
// corner), the smoother's c[0..3]. a[1] and c[3] are zero, and the loops
// below leave their terms out, as the reference codes do.
constexpr double CoefA[4] = {-8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0};
constexpr double CoefC[4] = {-3.0 / 8.0, 1.0 / 32.0, -1.0 / 64.0, 0.0};

// The grids: the solution U, its residual R and the right-hand side V at
// the top level LT; the corrections U1, U2 and the residuals R1, R2 of
// levels LT - 1 and LT - 2; the correction UC[k] and the residual RC[k] of
// each coarser level k = 1 .. LT - 3.
static double U[M][M][M], R[M][M][M], V[M][M][M];
#pragma hpf distribute U(block, *, *)
#pragma hpf distribute R(block, *, *)
#pragma hpf distribute V(block, *, *)
static double U1[M1][M1][M1], R1[M1][M1][M1];
#pragma hpf distribute U1(block, *, *)
#pragma hpf distribute R1(block, *, *)
static double U2[M2][M2][M2], R2[M2][M2][M2];
#pragma hpf distribute U2(block, *, *)
#pragma hpf distribute R2(block, *, *)
static double UC[LT - 2][MR][MR][MR], RC[LT - 2][MR][MR][MR];

// zran3's candidates, per plane: the NCharges largest numbers of the plane
// (ascending), then its NCharges smallest (descending), with their
// positions j * M + i in the plane; planes aligned with V's.
static double Best[M][2 * NCharges];
static int BestAt[M][2 * NCharges];
#pragma hpf distribute Best(block, *)
#pragma hpf distribute BestAt(block, *)

template <int E> void comm3(double (&U)[E][E][E], int N);
template <int E> void ghostPlanes(double (&U)[E][E][E], int N);
template <int E> void planeGhosts(double (*P)[E], int N);
template <int E> void zero3(double (&U)[E][E][E], int N);
template <int E>
void resid(const double (&U)[E][E][E], const double (&Rhs)[E][E][E],
           double (&R)[E][E][E], int N);
template <int E>
void psinv(const double (&R)[E][E][E], double (&U)[E][E][E], int N);
template <int F, int G>
void rprj3(const double (&R)[F][F][F], double (&S)[G][G][G], int NC);
template <int G, int F>
void interp(const double (&Z)[G][G][G], double (&U)[F][F][F], int NF);
template <int E>
void norm2u3(const double (&R)[E][E][E], int N, double *Rnm2, double *Rnmu);
void mg3P();
void zran3(double (&Z)[M][M][M], double Cand[M][2 * NCharges],
           int CandAt[M][2 * NCharges], int N);
void insertLargest(double *Ten, int *At, double Value, int Pos);
void insertSmallest(double *Ten, int *At, double Value, int Pos);
void printResults(bool Verified, double Seconds);

int main() {
  std::printf("\n NAS Parallel Benchmarks (hpfcc example) - MG Benchmark\n\n");
  std::printf(" Size: %4dx%4dx%4d  (class %c)\n", NX, NX, NX, Problem->Name);
  std::printf(" Iterations: %5d\n\n", NIT);

  // NPB runs one iteration untimed first, so that the timed run finds every
  // page of the arrays touched, then starts again from u = 0.
  double rnm2, rnmu;
  zero3(U, NX);
  zran3(V, Best, BestAt, NX);
  resid(U, V, R, NX);
  norm2u3(R, NX, &rnm2, &rnmu);
  mg3P();
  resid(U, V, R, NX);
  zero3(U, NX);
  zran3(V, Best, BestAt, NX);

  auto start = std::chrono::steady_clock::now();
  resid(U, V, R, NX);
  norm2u3(R, NX, &rnm2, &rnmu);
  for (int it = 1; it <= NIT; it++) {
    mg3P();
    resid(U, V, R, NX);
  }
  norm2u3(R, NX, &rnm2, &rnmu);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();

  double err = std::fabs(rnm2 - Problem->Norm) / Problem->Norm;
  bool verified = err <= Epsilon;
  std::printf(" Benchmark completed\n");
  if (verified) {
    std::printf(" VERIFICATION SUCCESSFUL\n");
    std::printf(" L2 Norm is %20.10e\n", rnm2);
  } else {
    std::printf(" VERIFICATION FAILED\n");
    std::printf(" L2 Norm is             %20.10e\n", rnm2);
    std::printf(" The correct L2 Norm is %20.10e\n", Problem->Norm);
  }
  printResults(verified, seconds);
  return verified ? 0 : 1;
}

// One V-cycle on U (level LT) for the residual R of A U = V: NPB's mg3P.
void mg3P() {
  // Down: restrict the residual to each coarser level.
  rprj3(R, R1, NX / 2);
  rprj3(R1, R2, NX / 4);
  rprj3(R2, RC[LT - 3], NX / 8);
  for (int k = LT - 3; k >= 2; k--)
    rprj3(RC[k], RC[k - 1], 1 << (k - 1));
  // The coarsest level: the smoother on u = 0.
  zero3(UC[1], 2);
  psinv(RC[1], UC[1], 2);
  // Up: prolong the correction, take the level's residual, smooth.
  for (int k = 2; k <= LT - 3; k++) {
    int n = 1 << k;
    zero3(UC[k], n);
    interp(UC[k - 1], UC[k], n);
    resid(UC[k], RC[k], RC[k], n);
    psinv(RC[k], UC[k], n);
  }
  zero3(U2, NX / 4);
  interp(UC[LT - 3], U2, NX / 4);
  resid(U2, R2, R2, NX / 4);
  psinv(R2, U2, NX / 4);
  zero3(U1, NX / 2);
  interp(U2, U1, NX / 2);
  resid(U1, R1, R1, NX / 2);
  psinv(R1, U1, NX / 2);
  interp(U1, U, NX);
  resid(U, V, R, NX);
  psinv(R, U, NX);
}

// The operators, templates over the arrays' extent E (a level of extent N
// uses the first N + 2 indices of each dimension). Each prescribes the
// mapping of its parameters, (block, *, *): called with the distributed
// levels, hpfcc compiles a copy of the instantiation whose loops run over
// the rank's planes; called with the replicated levels' plain arrays, the
// directives have no effect and every rank runs the loops whole.

// The periodic boundary of a level of extent N: each ghost takes the value
// of the interior point one period away, first along i (rows of the
// interior), then along j (whole rows, so the i ghosts are copied too),
// both within each interior plane, then along k (ghostPlanes).
template <int E> void comm3(double (&U)[E][E][E], int N) {
#pragma hpf distribute U(block, *, *)
#pragma hpf independent
  for (int k = 1; k <= N; k++)
    planeGhosts(U[k], N);
  ghostPlanes(U, N);
}

// The ghosts within one interior plane P (rows of extent N + 2): along i,
// then along j. Called with a plane of a distributed level, P points into
// the storage of the rank that owns it.
template <int E> void planeGhosts(double (*P)[E], int N) {
  for (int j = 1; j <= N; j++) {
    P[j][0] = P[j][N];
    P[j][N + 1] = P[j][1];
  }
  for (int i = 0; i <= N + 1; i++) {
    P[0][i] = P[N][i];
    P[N + 1][i] = P[1][i];
  }
}

// The ghost planes 0 and N + 1 (whole planes: edges and corners follow),
// once each interior plane has its ghosts. They are stored by their
// owners, from planes N and 1, which their owners send them before the
// loop.
template <int E> void ghostPlanes(double (&U)[E][E][E], int N) {
#pragma hpf distribute U(block, *, *)
#pragma hpf independent
  for (int j = 0; j <= N + 1; j++)
    for (int i = 0; i <= N + 1; i++) {
      U[0][j][i] = U[N][j][i];
      U[N + 1][j][i] = U[1][j][i];
    }
}

// U = 0 on a level of extent N, ghosts included.
template <int E> void zero3(double (&U)[E][E][E], int N) {
#pragma hpf distribute U(block, *, *)
#pragma hpf independent
  for (int k = 0; k <= N + 1; k++)
    for (int j = 0; j <= N + 1; j++)
      for (int i = 0; i <= N + 1; i++)
        U[k][j][i] = 0.0;
}

// R = Rhs - A U on the interior of a level of extent N, then R's ghosts.
// Per row (k, j), u1 and u2 hold the sums over the four face and the four
// corner neighbours in the (j, k) plane of each column i, so each edge and
// corner sum of the stencil is three of them (the reference codes' scheme).
// Rhs may be R itself: each element is read before it is written. Each
// plane gets its ghosts within the plane right after it is computed, while
// it is in cache (comm3's first loop, one pass over the grid less), and
// the ghost planes after the loop.
template <int E>
void resid(const double (&U)[E][E][E], const double (&Rhs)[E][E][E],
           double (&R)[E][E][E], int N) {
#pragma hpf distribute U(block, *, *)
#pragma hpf distribute Rhs(block, *, *)
#pragma hpf distribute R(block, *, *)
#pragma hpf independent
  for (int k = 1; k <= N; k++) {
    double u1[E], u2[E];
    for (int j = 1; j <= N; j++) {
      for (int i = 0; i <= N + 1; i++) {
        u1[i] =
            U[k][j - 1][i] + U[k][j + 1][i] + U[k - 1][j][i] + U[k + 1][j][i];
        u2[i] = U[k - 1][j - 1][i] + U[k - 1][j + 1][i] + U[k + 1][j - 1][i] +
                U[k + 1][j + 1][i];
      }
      for (int i = 1; i <= N; i++)
        R[k][j][i] = Rhs[k][j][i] - CoefA[0] * U[k][j][i] -
                     CoefA[2] * (u2[i] + u1[i - 1] + u1[i + 1]) -
                     CoefA[3] * (u2[i - 1] + u2[i + 1]);
    }
    planeGhosts(R[k], N); // while the plane is in cache
  }
  ghostPlanes(R, N);
}

// The smoother: U += S R on the interior, then U's ghosts (row sums and
// ghosts as in resid).
template <int E>
void psinv(const double (&R)[E][E][E], double (&U)[E][E][E], int N) {
#pragma hpf distribute R(block, *, *)
#pragma hpf distribute U(block, *, *)
#pragma hpf independent
  for (int k = 1; k <= N; k++) {
    double r1[E], r2[E];
    for (int j = 1; j <= N; j++) {
      for (int i = 0; i <= N + 1; i++) {
        r1[i] =
            R[k][j - 1][i] + R[k][j + 1][i] + R[k - 1][j][i] + R[k + 1][j][i];
        r2[i] = R[k - 1][j - 1][i] + R[k - 1][j + 1][i] + R[k + 1][j - 1][i] +
                R[k + 1][j + 1][i];
      }
      for (int i = 1; i <= N; i++)
        U[k][j][i] += CoefC[0] * R[k][j][i] +
                      CoefC[1] * (R[k][j][i - 1] + R[k][j][i + 1] + r1[i]) +
                      CoefC[2] * (r2[i] + r1[i - 1] + r1[i + 1]);
    }
    planeGhosts(U[k], N);
  }
  ghostPlanes(U, N);
}

// The restriction P of the residual R of a level (extent 2 NC) onto S,
// the level below's (extent NC). Coarse point (k, j, i) is fine point
// (2k, 2j, 2i); the weights are 1/2, 1/4, 1/8, 1/16 for the centre, faces,
// edges, corners. Per coarse row, x1 and y1 hold the face and corner sums
// in the (j, k) plane of the odd fine columns, which the two coarse points
// beside each share. Distributed, each rank computes its coarse planes
// from the fine planes 2k - 1 .. 2k + 1, fetching those another rank owns;
// into a replicated S, each rank's planes are sent to all after the loop.
template <int F, int G>
void rprj3(const double (&R)[F][F][F], double (&S)[G][G][G], int NC) {
#pragma hpf distribute R(block, *, *)
#pragma hpf distribute S(block, *, *)
#pragma hpf independent
  for (int k = 1; k <= NC; k++) {
    int kf = 2 * k;
    double x1[F], y1[F];
    for (int j = 1; j <= NC; j++) {
      int jf = 2 * j;
      for (int i = 1; i <= 2 * NC + 1; i += 2) {
        x1[i] = R[kf][jf - 1][i] + R[kf][jf + 1][i] + R[kf - 1][jf][i] +
                R[kf + 1][jf][i];
        y1[i] = R[kf - 1][jf - 1][i] + R[kf - 1][jf + 1][i] +
                R[kf + 1][jf - 1][i] + R[kf + 1][jf + 1][i];
      }
      for (int i = 1; i <= NC; i++) {
        int f = 2 * i;
        double x2 = R[kf][jf - 1][f] + R[kf][jf + 1][f] + R[kf - 1][jf][f] +
                    R[kf + 1][jf][f];
        double y2 = R[kf - 1][jf - 1][f] + R[kf - 1][jf + 1][f] +
                    R[kf + 1][jf - 1][f] + R[kf + 1][jf + 1][f];
        S[k][j][i] = 0.5 * R[kf][jf][f] +
                     0.25 * (R[kf][jf][f - 1] + R[kf][jf][f + 1] + x2) +
                     0.125 * (x1[f - 1] + x1[f + 1] + y2) +
                     0.0625 * (y1[f - 1] + y1[f + 1]);
      }
    }
  }
  comm3(S, NC);
}

// The prolongation Q: U (extent NF) += the trilinear interpolation of Z
// (extent NF / 2), ghosts included (Z's ghosts are periodic copies, so U's
// stay so). Fine index 2c is coarse c, 2c + 1 halfway between c and c + 1,
// in each dimension. The loop runs over the fine planes: the even plane 2c
// takes coarse plane c and the means of its neighbouring columns and rows;
// the odd plane 2c + 1 the means of planes c and c + 1. Per coarse row j,
// z1 holds the sums of rows j and j + 1 of plane c, z2 the sums of planes
// c and c + 1 in row j, z3 the sums of the four points (c or c + 1, j or
// j + 1), so each fine point is one sum of them scaled (the reference
// codes' scheme).
template <int G, int F>
void interp(const double (&Z)[G][G][G], double (&U)[F][F][F], int NF) {
#pragma hpf distribute Z(block, *, *)
#pragma hpf distribute U(block, *, *)
  int nc = NF / 2;
#pragma hpf independent
  for (int k = 0; k <= NF + 1; k++) {
    double z1[G], z2[G], z3[G];
    if (k % 2 == 0) {
      for (int j = 0; j <= nc; j++) {
        for (int i = 0; i <= nc + 1; i++)
          z1[i] = Z[k / 2][j + 1][i] + Z[k / 2][j][i];
        for (int i = 0; i <= nc; i++) {
          U[k][2 * j][2 * i] += Z[k / 2][j][i];
          U[k][2 * j][2 * i + 1] += 0.5 * (Z[k / 2][j][i + 1] + Z[k / 2][j][i]);
        }
        for (int i = 0; i <= nc; i++) {
          U[k][2 * j + 1][2 * i] += 0.5 * z1[i];
          U[k][2 * j + 1][2 * i + 1] += 0.25 * (z1[i] + z1[i + 1]);
        }
      }
    } else {
      for (int j = 0; j <= nc; j++) {
        for (int i = 0; i <= nc + 1; i++) {
          z1[i] = Z[k / 2][j + 1][i] + Z[k / 2][j][i];
          z2[i] = Z[(k + 1) / 2][j][i] + Z[k / 2][j][i];
          z3[i] = Z[(k + 1) / 2][j + 1][i] + Z[(k + 1) / 2][j][i] + z1[i];
        }
        for (int i = 0; i <= nc; i++) {
          U[k][2 * j][2 * i] += 0.5 * z2[i];
          U[k][2 * j][2 * i + 1] += 0.25 * (z2[i] + z2[i + 1]);
        }
        for (int i = 0; i <= nc; i++) {
          U[k][2 * j + 1][2 * i] += 0.25 * z3[i];
          U[k][2 * j + 1][2 * i + 1] += 0.125 * (z3[i] + z3[i + 1]);
        }
      }
    }
  }
}

// The L2 norm sqrt(sum r^2 / N^3) and the largest |r| of R's interior.
// std::max, not std::fmax: |r| is never NaN here, and fmax's NaN rule
// costs a compare and a blend per element on the loop's critical path.
template <int E>
void norm2u3(const double (&R)[E][E][E], int N, double *Rnm2, double *Rnmu) {
#pragma hpf distribute R(block, *, *)
  double s = 0.0, rnmu = 0.0;
#pragma hpf independent reduction(+ : s) reduction(max : rnmu)
  for (int k = 1; k <= N; k++)
    for (int j = 1; j <= N; j++)
      for (int i = 1; i <= N; i++) {
        s += R[k][j][i] * R[k][j][i];
        rnmu = std::max(rnmu, std::fabs(R[k][j][i]));
      }
  *Rnm2 = std::sqrt(s / ((double)N * N * N));
  *Rnmu = rnmu;
}

// The right-hand side: +1 at the NCharges largest and -1 at the NCharges
// smallest of N^3 numbers from the generator, element (k, j, i) of the
// interior taking number ((k - 1) N + (j - 1)) N + i, then the ghosts.
// Each plane's numbers are generated from the plane's starting seed (the
// seed advanced (k - 1) N^2 numbers) by the rank that owns the plane, which
// keeps the plane's candidates in Cand and CandAt; the merge of the planes'
// candidates keeps the NCharges largest and smallest of all (the numbers are
// distinct, so the order of the merge does not matter).
void zran3(double (&Z)[M][M][M], double Cand[M][2 * NCharges],
           int CandAt[M][2 * NCharges], int N) {
#pragma hpf distribute Z(block, *, *)
#pragma hpf distribute Cand(block, *)
#pragma hpf distribute CandAt(block, *)
  double starts[M];
  double a1 = advance(1.0, Multiplier, N);           // a^N: the next row
  double a2 = advance(1.0, Multiplier, (long)N * N); // a^(N^2): the next plane
  double x0 = Seed;
  for (int k = 1; k <= N; k++) {
    starts[k] = x0;
    randlc(&x0, a2);
  }
#pragma hpf independent
  for (int k = 1; k <= N; k++) {
    double top[NCharges], bottom[NCharges], row[M];
    int topAt[NCharges], bottomAt[NCharges];
    for (int c = 0; c < NCharges; c++) {
      top[c] = 0.0;
      bottom[c] = 1.0;
      topAt[c] = bottomAt[c] = 0;
    }
    double x1 = starts[k];
    for (int j = 1; j <= N; j++) {
      double x = x1;
      vranlc(N, &x, Multiplier, row);
      for (int i = 1; i <= N; i++) {
        double z = row[i - 1];
        if (z > top[0])
          insertLargest(top, topAt, z, j * M + i);
        if (z < bottom[0])
          insertSmallest(bottom, bottomAt, z, j * M + i);
      }
      randlc(&x1, a1);
    }
    for (int c = 0; c < NCharges; c++) {
      Cand[k][c] = top[c];
      CandAt[k][c] = topAt[c];
      Cand[k][NCharges + c] = bottom[c];
      CandAt[k][NCharges + c] = bottomAt[c];
    }
  }

  // The merge, plane by plane; positions as k * M * M + j * M + i.
  double top[NCharges], bottom[NCharges];
  int topAt[NCharges], bottomAt[NCharges];
  for (int c = 0; c < NCharges; c++) {
    top[c] = 0.0;
    bottom[c] = 1.0;
    topAt[c] = bottomAt[c] = 0;
  }
  for (int k = 1; k <= N; k++)
    for (int c = 0; c < NCharges; c++) {
      double big = Cand[k][c], small = Cand[k][NCharges + c];
      int bigAt = CandAt[k][c], smallAt = CandAt[k][NCharges + c];
      if (big > top[0])
        insertLargest(top, topAt, big, k * M * M + bigAt);
      if (small < bottom[0])
        insertSmallest(bottom, bottomAt, small, k * M * M + smallAt);
    }

  zero3(Z, N);
  for (int c = 0; c < NCharges; c++) {
    int at = bottomAt[c];
    Z[at / (M * M)][at / M % M][at % M] = -1.0;
  }
  for (int c = 0; c < NCharges; c++) {
    int at = topAt[c];
    Z[at / (M * M)][at / M % M][at % M] = +1.0;
  }
  comm3(Z, N);
}

// Ten[0 .. NCharges) ascending, the largest values seen: Value (larger
// than Ten[0]) replaces Ten[0] and moves up to its place (NPB's bubble).
void insertLargest(double *Ten, int *At, double Value, int Pos) {
  int c = 0;
  for (; c + 1 < NCharges && Ten[c + 1] < Value; c++) {
    Ten[c] = Ten[c + 1];
    At[c] = At[c + 1];
  }
  Ten[c] = Value;
  At[c] = Pos;
}

// Ten[0 .. NCharges) descending, the smallest values seen: Value (smaller
// than Ten[0]) replaces Ten[0] and moves down to its place.
void insertSmallest(double *Ten, int *At, double Value, int Pos) {
  int c = 0;
  for (; c + 1 < NCharges && Ten[c + 1] > Value; c++) {
    Ten[c] = Ten[c + 1];
    At[c] = At[c + 1];
  }
  Ten[c] = Value;
  At[c] = Pos;
}

// NPB's closing block, with NPB's operation count for MG (58 operations per
// grid point and iteration). Time and Mop/s are the only lines that change
// from run to run.
void printResults(bool Verified, double Seconds) {
  double mops = 58.0 * NIT * (double)NX * NX * NX * 1.0e-6 / Seconds;
  std::printf("\n MG Benchmark Completed.\n");
  std::printf(" Class           = %24c\n", Problem->Name);
  std::printf(" Size            = %12dx%4dx%4d\n", NX, NX, NX);
  std::printf(" Iterations      = %24d\n", NIT);
  std::printf(" Time in seconds = %24.2f\n", Seconds);
  std::printf(" Mop/s total     = %24.2f\n", mops);
  std::printf(" Operation type  = %24s\n", "floating point");
  std::printf(" Verification    = %24s\n",
              Verified ? "SUCCESSFUL" : "UNSUCCESSFUL");
}
