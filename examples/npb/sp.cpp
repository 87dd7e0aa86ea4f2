// NAS Parallel Benchmarks, SP (scalar pentadiagonal solver), written for
// hpfcc from the benchmark's specification (NAS reports RNR-94-007 and
// NAS-95-020, NPB 2).
//
// SP integrates the 3-D compressible Navier-Stokes equations in the unit
// cube on an N x N x N grid, in the five conserved variables u = (rho,
// rho u, rho v, rho w, rho e), towards a steady state whose exact solution
// is known: a polynomial in (xi, eta, zeta) with the 13 coefficients
// Ce[m] of each variable m. The forcing term is the discrete operator
// applied to the exact solution (with the opposite sign), so the discrete
// steady state approximates it; the initial field interpolates the exact
// solution on the six faces (transfinite interpolation), which hold it
// fixed. Each time step is one step of the approximately factored
// (Beam-Warming) scheme, diagonalised as by Pulliam and Chaussee:
//   computeRhs  rhs = dt (central differences of the fluxes, viscous
//               terms, fourth-order artificial dissipation, forcing),
//   txinvr      rhs = T_x^-1 rhs, the eigenvectors' inverse of the xi
//               operator (point by point),
//   xSolve      per grid line along xi, three scalar pentadiagonal systems
//               (one for the convected variables, one each for the two
//               acoustic ones, whose bands hold -/+ the speed of sound),
//               then rhs = T_y^-1 T_x rhs (ninvr),
//   ySolve      the same along eta, then rhs = T_z^-1 T_y rhs (pinvr),
//   zSolve      the same along zeta, then rhs = T_z rhs (tzetar),
//   add         u += rhs.
// (Here txinvr runs as xSolve reads its planes, and tzetar as add reads
// the z solve's result.)
// After the last step the benchmark compares the RMS norms of the
// residual (xcr: one more rhs, over dt) and of the error against the exact
// solution (xce) with the specification's, to a relative 1e-8.
//
// With hpfcc the grid arrays are distributed by blocks of planes along the
// outermost dimension, k (zeta): (block, *, *, *), the last dimension a
// point's values (the five variables, the fields derived from them, the
// right-hand side). So
//   computeRhs   is a stencil over owned planes reading the neighbouring
//                planes k +- 2 of U (dissipation) and k +- 1 of the fields
//                (fluxes) from halos,
//   xSolve, ySolve  solve lines inside one plane: local,
//   zSolve       needs whole lines along k: it declares its output
//                (*, block, *, *) (blocks of xz-planes) and reads the
//                right-hand side, with the fields its bands need, from a
//                copy redistributed before the loop (the transpose),
//   add          reads zSolve's result from a copy redistributed back to
//                planes, and applies tzetar on the way.
// Every line is solved whole by one rank and every point computed from the
// same values in the same order as sequentially; the norms are summed per
// plane and the planes' sums added in plane order, so every rank count
// prints the sequential build's norms digit for digit.
//
//   clang++ -std=c++20 -O3 -DCLASS=W sp.cpp -o sp && ./sp
//   hpfcc -O3 -DCLASS=W sp.cpp -o sp && mpiexec.mpich -n 2 ./sp
//
// Class S (the default), W or A; the run time ("Time in seconds", "Mop/s
// total") is the only output that changes from run to run.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#ifndef CLASS
#define CLASS S
#endif
#define SP_STRING2(X) #X
#define SP_STRING(X) SP_STRING2(X)

// The problem classes: grid points per dimension, time steps, the time
// step, and the specification's norms of the residual and of the error.
struct ProblemClass {
  char Name;
  int N, Steps;
  double Dt;
  double Xcr[5], Xce[5];
};
constexpr ProblemClass Classes[] = {
    {'S',
     12,
     100,
     0.015,
     {2.7470315451339479e-02, 1.0360746705285417e-02, 1.6235745065095532e-02,
      1.5840557224455615e-02, 3.4849040609362460e-02},
     {2.7289258557377227e-05, 1.0364446640837285e-05, 1.6154798287166471e-05,
      1.5750704994480102e-05, 3.4177666183390531e-05}},
    {'W',
     36,
     400,
     0.0015,
     {0.1893253733584e-02, 0.1717075447775e-03, 0.2778153350936e-03,
      0.2887475409984e-03, 0.3143611161242e-02},
     {0.7542088599534e-04, 0.6512852253086e-05, 0.1049092285688e-04,
      0.1128838671535e-04, 0.1212845639773e-03}},
    {'A',
     64,
     400,
     0.0015,
     {2.4799822399300195, 1.1276337964368832, 1.5028977888770491,
      1.4217816211695179, 2.1292113035138280},
     {1.0900140297820550e-04, 3.7343951769282091e-05, 5.0092785406541633e-05,
      4.7671093939528255e-05, 1.3621613399213001e-04}},
};
constexpr const ProblemClass *findClass(char Name) {
  for (const ProblemClass &C : Classes)
    if (C.Name == Name)
      return &C;
  return nullptr;
}
constexpr const ProblemClass *Problem = findClass(SP_STRING(CLASS)[0]);
static_assert(Problem, "CLASS must be S, W or A");

constexpr int N = Problem->N; // grid points per dimension, boundary included
constexpr int NITER = Problem->Steps;
constexpr double Dt = Problem->Dt;
static_assert(N >= 8, "the dissipation's boundary rows need 8 points");
// The extent of the innermost grid dimension, i: odd, so that neighbouring
// lines and planes do not fall on the same cache sets (N is a power of two
// in class A). The j dimension keeps N, so that the z solve's blocks of
// xz-planes hold equal numbers of interior lines.
constexpr int NP = N / 2 * 2 + 1;
constexpr double Epsilon = 1.0e-8; // relative error the verification allows

// The exact solution's coefficients: variable m is Ce[m][0] + the
// polynomials of degree 4 in xi (Ce[m][1], [4], [7], [10]), eta ([2], [5],
// [8], [11]) and zeta ([3], [6], [9], [12]), each without a constant term.
constexpr double Ce[5][13] = {
    {2.0, 0.0, 0.0, 4.0, 5.0, 3.0, 0.5, 0.02, 0.01, 0.03, 0.5, 0.4, 0.3},
    {1.0, 0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 0.01, 0.03, 0.02, 0.4, 0.3, 0.5},
    {2.0, 2.0, 0.0, 0.0, 0.0, 2.0, 3.0, 0.04, 0.03, 0.05, 0.3, 0.5, 0.4},
    {2.0, 2.0, 0.0, 0.0, 0.0, 2.0, 3.0, 0.03, 0.05, 0.04, 0.2, 0.1, 0.3},
    {5.0, 4.0, 3.0, 2.0, 0.1, 0.4, 0.3, 0.05, 0.04, 0.03, 0.1, 0.3, 0.2},
};

// The equations' constants (c1 = c5 = gamma = 1.4, c2 = gamma - 1, c3 c4
// the viscosity over the Reynolds number), and the grid's: mesh width H,
// 1/H^2, 1/(2H), 1/H.
constexpr double C1 = 1.4, C2 = 0.4, C3 = 0.1, C4 = 1.0, C5 = 1.4;
constexpr double C1C2 = C1 * C2, C1C5 = C1 * C5, C3C4 = C3 * C4;
constexpr double Con43 = 4.0 / 3.0, Con16 = 1.0 / 6.0, Conz1 = 1.0 - C1C5;
constexpr double C2iv = 2.5;
constexpr double Bt = 0.70710678118654752440; // sqrt(1/2)
constexpr double H = 1.0 / (N - 1);
constexpr double T1 = 1.0 / (H * H), T2 = 1.0 / (2.0 * H), T3 = 1.0 / H;
// The viscous terms' coefficients: of the velocity along the direction
// (Con1) and across it (Con2), of q (Con3), of the velocity squared (Con4)
// and of the energy (Con5).
constexpr double Con1 = C3C4 * T3 * Con43 * T3, Con2 = C3C4 * T3 * T3,
                 Con3 = C3C4 * T3 * Conz1 * T3, Con4 = C3C4 * T3 * Con16 * T3,
                 Con5 = C3C4 * T3 * C1C5 * T3;
// The artificial dissipation: the second-order coefficients of each
// direction, d1 .. d5 (0.75 along xi and eta, 1 along zeta), and the
// fourth-order one, a quarter of the largest d1, in the right-hand side
// (Dssp) and times dt in the bands (Comz1).
constexpr double Dssp = 0.25 * 1.0;
constexpr double Comz1 = Dt * Dssp;
constexpr double DtT1 = Dt * T1, DtT2 = Dt * T2;

// One direction of the grid: which velocity component runs along it, and
// its second-order dissipation coefficients d1 .. d5.
struct Axis {
  int Along;
  double D[5];
};
constexpr Axis XAxis = {1, {0.75, 0.75, 0.75, 0.75, 0.75}};
constexpr Axis YAxis = {2, {0.75, 0.75, 0.75, 0.75, 0.75}};
constexpr Axis ZAxis = {3, {1.0, 1.0, 1.0, 1.0, 1.0}};

// The fourth-order dissipation at position p of a line of N points, as the
// weights of the values at p - 2 .. p + 2: the fourth difference inside,
// one-sided forms at the two points next to each boundary, none on the
// boundary. A weight is zero wherever p - 2 + q is off the grid.
struct Stencil {
  double W[N][5];
};
constexpr Stencil makeDissipation() {
  Stencil s{};
  for (int p = 1; p <= N - 2; p++) {
    double w[5] = {1.0, -4.0, 6.0, -4.0, 1.0};
    if (p == 1) {
      w[0] = w[1] = 0.0;
      w[2] = 5.0;
    } else if (p == 2) {
      w[0] = 0.0;
    }
    if (p == N - 2) {
      w[3] = w[4] = 0.0;
      w[2] = 5.0;
    } else if (p == N - 3) {
      w[4] = 0.0;
    }
    for (int q = 0; q < 5; q++)
      s.W[p][q] = w[q];
  }
  return s;
}
constexpr Stencil Dissipation = makeDissipation();

// The fields computeRhs derives from U at every point, one array of them
// per point: 1/rho, the velocities u, v, w, the kinetic energy per volume
// (Square) and per mass (Qs), the speed of sound.
constexpr int FRhoI = 0, FUs = 1, FVs = 2, FWs = 3, FSquare = 4, FQs = 5,
              FSpeed = 6, NF = 8; // a point's fields fill a cache line
// A point's right-hand side: its five values, and after the y solve the
// values its line along zeta needs in zSolve: 1/rho, w and the speed of
// sound (so the z solve's input is one array). Eight, like the fields: a
// loop writing Rhs reads Fields from a halo only when Rhs's extents cover
// Fields' in the dimensions it reads at any subscript.
constexpr int RRhoI = 5, RWs = 6, RSpeed = 7, NR = 8;
static_assert(NR >= NF, "Rhs must cover the extents of Fields");

// The grid: the conserved variables U, the forcing term, the right-hand
// side (the update of a step) in planes and, after the z solve, in
// xz-planes (RhsZ); the derived fields. Every array has the same number of
// dimensions and each routine prescribes (block, *, *, *) for its planes:
// all of them keep a mapping known at compile time in the routine.
static double U[N][N][NP][5], Forcing[N][N][NP][5], Rhs[N][N][NP][NR];
static double Fields[N][N][NP][NF], RhsZ[N][N][NP][5];
#pragma hpf distribute U(block, *, *, *)
#pragma hpf distribute Forcing(block, *, *, *)
#pragma hpf distribute Rhs(block, *, *, *)
#pragma hpf distribute Fields(block, *, *, *)
#pragma hpf distribute RhsZ(*, block, *, *)
// The norms' sums per plane, aligned with the planes of U.
static double PlaneSums[N][5];
#pragma hpf distribute PlaneSums(block, *)

// A grid point's values the fluxes of computeRhs read: the variables and
// the derived fields.
struct Point {
  double U[5], F[NF];
};
// The exact solution at a point as the forcing term's fluxes read it: the
// variables, the velocities Buf[1 .. 3], the energy per mass Buf[4], the
// velocity squared Buf[0], and Q = (kinetic energy) / rho.
struct ExactPoint {
  double Ue[5], Buf[5], Q;
};

void adi();
void exactSolution(double Xi, double Eta, double Zeta, double Out[5]);
void exactPoint(int K, int J, int I, ExactPoint &E);
void exactFlux(const Axis &X, const ExactPoint &Lo, const ExactPoint &Mid,
               const ExactPoint &Hi, double F[5]);
void exactRhs(double F[N][N][NP][5]);
void initialize(double U[N][N][NP][5]);
void computeRhs(const double U[N][N][NP][5], const double Forcing[N][N][NP][5],
                double R[N][N][NP][NR], double Fields[N][N][NP][NF]);
inline void flux(const Axis &X, const Point &Lo, const Point &Mid,
                 const Point &Hi, double R[5]);
void txinvr(double R[5], const double F[NF]);
void ninvr(double R[5]);
void pinvr(double R[5]);
void tzetar(double R[5], double U0, const double F[NF]);
void xSolve(double R[N][N][NP][NR], const double Fields[N][N][NP][NF]);
void ySolve(double R[N][N][NP][NR], const double Fields[N][N][NP][NF]);
void zSolve(const double R[N][N][NP][NR], double Out[N][N][NP][5]);
void solvePlane(const Axis &X, const double Vel[N][NP], const double Rho[N][NP],
                const double Spd[N][NP], double R[5][N][NP]);
void add(double U[N][N][NP][5], const double R[N][N][NP][5],
         const double Fields[N][N][NP][NF]);
void errorNorm(const double U[N][N][NP][5], double Sums[N][5], double Rms[5]);
void rhsNorm(const double R[N][N][NP][NR], double Sums[N][5], double Rms[5]);
bool verify();
void printResults(bool Verified, double Seconds);

int main() {
  std::printf("\n NAS Parallel Benchmarks (hpfcc example) - SP Benchmark\n\n");
  std::printf(" Size: %4dx%4dx%4d\n", N, N, N);
  std::printf(" Iterations: %4d    dt: %10.6f\n\n", NITER, Dt);

  // NPB runs one time step untimed first, so that the timed run finds
  // every page of the arrays touched, then starts again from the initial
  // field.
  exactRhs(Forcing);
  initialize(U);
  adi();
  initialize(U);

  auto start = std::chrono::steady_clock::now();
  for (int step = 1; step <= NITER; step++) {
    if (step % 20 == 0 || step == 1)
      std::printf(" Time step %4d\n", step);
    adi();
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  bool verified = verify();
  printResults(verified, seconds);
  return verified ? 0 : 1;
}

// One time step.
void adi() {
  computeRhs(U, Forcing, Rhs, Fields);
  xSolve(Rhs, Fields);
  ySolve(Rhs, Fields);
  zSolve(Rhs, RhsZ);
  add(U, RhsZ, Fields);
}

void exactSolution(double Xi, double Eta, double Zeta, double Out[5]) {
  for (int m = 0; m < 5; m++) {
    const double *c = Ce[m];
    Out[m] = c[0] + Xi * (c[1] + Xi * (c[4] + Xi * (c[7] + Xi * c[10]))) +
             Eta * (c[2] + Eta * (c[5] + Eta * (c[8] + Eta * c[11]))) +
             Zeta * (c[3] + Zeta * (c[6] + Zeta * (c[9] + Zeta * c[12])));
  }
}

void exactPoint(int K, int J, int I, ExactPoint &E) {
  exactSolution(I * H, J * H, K * H, E.Ue);
  double rhoInv = 1.0 / E.Ue[0];
  for (int m = 1; m < 5; m++)
    E.Buf[m] = rhoInv * E.Ue[m];
  E.Buf[0] = E.Buf[1] * E.Buf[1] + E.Buf[2] * E.Buf[2] + E.Buf[3] * E.Buf[3];
  E.Q = 0.5 * (E.Buf[1] * E.Ue[1] + E.Buf[2] * E.Ue[2] + E.Buf[3] * E.Ue[3]);
}

// The central differences along X of the exact solution's fluxes and
// viscous terms at Mid, added to F.
void exactFlux(const Axis &X, const ExactPoint &Lo, const ExactPoint &Mid,
               const ExactPoint &Hi, double F[5]) {
  int a = X.Along;
  F[0] += -T2 * (Hi.Ue[a] - Lo.Ue[a]) +
          X.D[0] * T1 * (Hi.Ue[0] - 2.0 * Mid.Ue[0] + Lo.Ue[0]);
  for (int c = 1; c <= 3; c++) {
    double pressure =
        c == a ? C2 * ((Hi.Ue[4] - Hi.Q) - (Lo.Ue[4] - Lo.Q)) : 0.0;
    F[c] +=
        -T2 * (Hi.Ue[c] * Hi.Buf[a] - Lo.Ue[c] * Lo.Buf[a] + pressure) +
        (c == a ? Con1 : Con2) * (Hi.Buf[c] - 2.0 * Mid.Buf[c] + Lo.Buf[c]) +
        X.D[c] * T1 * (Hi.Ue[c] - 2.0 * Mid.Ue[c] + Lo.Ue[c]);
  }
  F[4] += -T2 * (Hi.Buf[a] * (C1 * Hi.Ue[4] - C2 * Hi.Q) -
                 Lo.Buf[a] * (C1 * Lo.Ue[4] - C2 * Lo.Q)) +
          0.5 * Con3 * (Hi.Buf[0] - 2.0 * Mid.Buf[0] + Lo.Buf[0]) +
          Con4 * (Hi.Buf[a] * Hi.Buf[a] - 2.0 * Mid.Buf[a] * Mid.Buf[a] +
                  Lo.Buf[a] * Lo.Buf[a]) +
          Con5 * (Hi.Buf[4] - 2.0 * Mid.Buf[4] + Lo.Buf[4]) +
          X.D[4] * T1 * (Hi.Ue[4] - 2.0 * Mid.Ue[4] + Lo.Ue[4]);
}

// The forcing term: minus the discrete right-hand side of the exact
// solution, at the interior points (zero on the boundary). Each point
// evaluates the exact solution at its neighbours along each direction.
void exactRhs(double F[N][N][NP][5]) {
#pragma hpf distribute F(block, *, *, *)
#pragma hpf independent
  for (int k = 0; k < N; k++)
    for (int j = 0; j < N; j++)
      for (int i = 0; i < NP; i++) {
        double f[5] = {0.0, 0.0, 0.0, 0.0, 0.0};
        bool interior = k >= 1 && k <= N - 2 && j >= 1 && j <= N - 2 &&
                        i >= 1 && i <= N - 2;
        if (interior) {
          const Axis *axes[3] = {&XAxis, &YAxis, &ZAxis};
          int at[3] = {i, j, k};
          for (int d = 0; d < 3; d++) {
            // The exact solution at p - 2 .. p + 2 along direction d (the
            // points off the grid left as the centre: their weight is 0).
            ExactPoint line[5];
            int p = at[d];
            for (int q = 0; q < 5; q++) {
              int pos[3] = {i, j, k};
              int s = p - 2 + q;
              pos[d] = s >= 0 && s < N ? s : p;
              exactPoint(pos[2], pos[1], pos[0], line[q]);
            }
            exactFlux(*axes[d], line[1], line[2], line[3], f);
            const double *w = Dissipation.W[p];
            for (int m = 0; m < 5; m++)
              f[m] -= Dssp * (w[0] * line[0].Ue[m] + w[1] * line[1].Ue[m] +
                              w[2] * line[2].Ue[m] + w[3] * line[3].Ue[m] +
                              w[4] * line[4].Ue[m]);
          }
        }
        for (int m = 0; m < 5; m++)
          F[k][j][i][m] = -f[m];
      }
}

// The initial field: the exact solution on the six faces, inside the
// transfinite interpolation of the faces' values, (Pxi + Peta + Pzeta -
// Pxi Peta - Pxi Pzeta - Peta Pzeta + Pxi Peta Pzeta), each P the linear
// interpolation between two opposite faces.
void initialize(double U[N][N][NP][5]) {
#pragma hpf distribute U(block, *, *, *)
#pragma hpf independent
  for (int k = 0; k < N; k++)
    for (int j = 0; j < N; j++)
      for (int i = 0; i < NP; i++) {
        double xi = i * H, eta = j * H, zeta = k * H;
        double u[5] = {1.0, 0.0, 0.0, 0.0, 1.0}; // the padding
        if (i < N) {
          if (i == 0 || i == N - 1 || j == 0 || j == N - 1 || k == 0 ||
              k == N - 1) {
            exactSolution(xi, eta, zeta, u);
          } else {
            double x0[5], x1[5], y0[5], y1[5], z0[5], z1[5];
            exactSolution(0.0, eta, zeta, x0);
            exactSolution(1.0, eta, zeta, x1);
            exactSolution(xi, 0.0, zeta, y0);
            exactSolution(xi, 1.0, zeta, y1);
            exactSolution(xi, eta, 0.0, z0);
            exactSolution(xi, eta, 1.0, z1);
            for (int m = 0; m < 5; m++) {
              double px = xi * x1[m] + (1.0 - xi) * x0[m];
              double py = eta * y1[m] + (1.0 - eta) * y0[m];
              double pz = zeta * z1[m] + (1.0 - zeta) * z0[m];
              u[m] = px + py + pz - px * py - px * pz - py * pz + px * py * pz;
            }
          }
        }
        for (int m = 0; m < 5; m++)
          U[k][j][i][m] = u[m];
      }
}

// The central differences along X of the fluxes and viscous terms at Mid,
// added to R. Inlined, so that each direction's constants fold.
[[gnu::always_inline]] inline void flux(const Axis &X, const Point &Lo,
                                        const Point &Mid, const Point &Hi,
                                        double R[5]) {
  int a = X.Along;
  double va = Hi.F[FUs + a - 1], vaMid = Mid.F[FUs + a - 1],
         vaLo = Lo.F[FUs + a - 1]; // the velocities along X
  R[0] += X.D[0] * T1 * (Hi.U[0] - 2.0 * Mid.U[0] + Lo.U[0]) -
          T2 * (Hi.U[a] - Lo.U[a]);
  for (int c = 1; c <= 3; c++) {
    double pressure =
        c == a ? (Hi.U[4] - Hi.F[FSquare] - Lo.U[4] + Lo.F[FSquare]) * C2 : 0.0;
    int v = FUs + c - 1;
    R[c] += X.D[c] * T1 * (Hi.U[c] - 2.0 * Mid.U[c] + Lo.U[c]) +
            (c == a ? Con1 : Con2) * (Hi.F[v] - 2.0 * Mid.F[v] + Lo.F[v]) -
            T2 * (Hi.U[c] * va - Lo.U[c] * vaLo + pressure);
  }
  R[4] += X.D[4] * T1 * (Hi.U[4] - 2.0 * Mid.U[4] + Lo.U[4]) +
          Con3 * (Hi.F[FQs] - 2.0 * Mid.F[FQs] + Lo.F[FQs]) +
          Con4 * (va * va - 2.0 * vaMid * vaMid + vaLo * vaLo) +
          Con5 * (Hi.U[4] * Hi.F[FRhoI] - 2.0 * Mid.U[4] * Mid.F[FRhoI] +
                  Lo.U[4] * Lo.F[FRhoI]) -
          T2 * ((C1 * Hi.U[4] - C2 * Hi.F[FSquare]) * va -
                (C1 * Lo.U[4] - C2 * Lo.F[FSquare]) * vaLo);
}

// R = dt (forcing + fluxes + viscous terms - dissipation) at the interior
// points, after the derived fields at every point. The fields of the planes
// k +- 1 and U's of k +- 2 come from halos.
void computeRhs(const double U[N][N][NP][5], const double Forcing[N][N][NP][5],
                double R[N][N][NP][NR], double Fields[N][N][NP][NF]) {
#pragma hpf distribute U(block, *, *, *)
#pragma hpf distribute Forcing(block, *, *, *)
#pragma hpf distribute R(block, *, *, *)
#pragma hpf distribute Fields(block, *, *, *)
#pragma hpf independent
  for (int k = 0; k < N; k++)
    for (int j = 0; j < N; j++)
      for (int i = 0; i < N; i++) {
        double rhoInv = 1.0 / U[k][j][i][0];
        double u1 = U[k][j][i][1], u2 = U[k][j][i][2], u3 = U[k][j][i][3];
        double square = 0.5 * (u1 * u1 + u2 * u2 + u3 * u3) * rhoInv;
        double f[NF] = {rhoInv,
                        u1 * rhoInv,
                        u2 * rhoInv,
                        u3 * rhoInv,
                        square,
                        square * rhoInv,
                        std::sqrt(C1C2 * rhoInv * (U[k][j][i][4] - square)),
                        0.0};
        for (int q = 0; q < NF; q++)
          Fields[k][j][i][q] = f[q];
      }

#pragma hpf independent
  for (int k = 1; k <= N - 2; k++)
    for (int j = 1; j <= N - 2; j++)
      for (int i = 1; i <= N - 2; i++) {
        double r[5];
        Point mid, lo[3], hi[3]; // the neighbours along xi, eta, zeta
        for (int m = 0; m < 5; m++) {
          r[m] = Forcing[k][j][i][m];
          mid.U[m] = U[k][j][i][m];
          lo[0].U[m] = U[k][j][i - 1][m];
          hi[0].U[m] = U[k][j][i + 1][m];
          lo[1].U[m] = U[k][j - 1][i][m];
          hi[1].U[m] = U[k][j + 1][i][m];
          lo[2].U[m] = U[k - 1][j][i][m];
          hi[2].U[m] = U[k + 1][j][i][m];
        }
        for (int q = 0; q < NF; q++) {
          mid.F[q] = Fields[k][j][i][q];
          lo[0].F[q] = Fields[k][j][i - 1][q];
          hi[0].F[q] = Fields[k][j][i + 1][q];
          lo[1].F[q] = Fields[k][j - 1][i][q];
          hi[1].F[q] = Fields[k][j + 1][i][q];
          lo[2].F[q] = Fields[k - 1][j][i][q];
          hi[2].F[q] = Fields[k + 1][j][i][q];
        }
        flux(XAxis, lo[0], mid, hi[0], r);
        flux(YAxis, lo[1], mid, hi[1], r);
        flux(ZAxis, lo[2], mid, hi[2], r);
        // The dissipation along each direction: the fourth difference at
        // points at least three from every boundary (most of them), else
        // by the weights, where a value two points off the grid has weight
        // 0 and is not read.
        bool inner = i >= 3 && i <= N - 4 && j >= 3 && j <= N - 4 && k >= 3 &&
                     k <= N - 4;
        const double *wi = Dissipation.W[i], *wj = Dissipation.W[j],
                     *wk = Dissipation.W[k];
        for (int m = 0; m < 5; m++) {
          double c = mid.U[m], dis;
          if (inner) {
            double far = U[k][j][i - 2][m] + U[k][j][i + 2][m] +
                         U[k][j - 2][i][m] + U[k][j + 2][i][m] +
                         U[k - 2][j][i][m] + U[k + 2][j][i][m];
            double near = lo[0].U[m] + hi[0].U[m] + lo[1].U[m] + hi[1].U[m] +
                          lo[2].U[m] + hi[2].U[m];
            dis = far - 4.0 * near + 18.0 * c;
          } else {
            double di = wi[1] * lo[0].U[m] + wi[2] * c + wi[3] * hi[0].U[m];
            if (i >= 2)
              di += wi[0] * U[k][j][i - 2][m];
            if (i <= N - 3)
              di += wi[4] * U[k][j][i + 2][m];
            double dj = wj[1] * lo[1].U[m] + wj[2] * c + wj[3] * hi[1].U[m];
            if (j >= 2)
              dj += wj[0] * U[k][j - 2][i][m];
            if (j <= N - 3)
              dj += wj[4] * U[k][j + 2][i][m];
            double dk = wk[1] * lo[2].U[m] + wk[2] * c + wk[3] * hi[2].U[m];
            if (k >= 2)
              dk += wk[0] * U[k - 2][j][i][m];
            if (k <= N - 3)
              dk += wk[4] * U[k + 2][j][i][m];
            dis = di + dj + dk;
          }
          R[k][j][i][m] = (r[m] - Dssp * dis) * Dt;
        }
      }
}

// The block-diagonal products of the scheme, point by point, F the
// point's fields.
// R = T_x^-1 R.
void txinvr(double R[5], const double F[NF]) {
  double r1 = R[0], r2 = R[1], r3 = R[2], r4 = R[3], r5 = R[4];
  double rhoI = F[FRhoI], us = F[FUs], vs = F[FVs], ws = F[FWs], ac = F[FSpeed];
  double t1 = C2 / (ac * ac) * (F[FQs] * r1 - us * r2 - vs * r3 - ws * r4 + r5);
  double t2 = Bt * rhoI * (us * r1 - r2);
  double t3 = (Bt * rhoI * ac) * t1;
  R[0] = r1 - t1;
  R[1] = -rhoI * (ws * r1 - r4);
  R[2] = rhoI * (vs * r1 - r3);
  R[3] = -t2 + t3;
  R[4] = t2 + t3;
}

// R = T_y^-1 T_x R.
void ninvr(double R[5]) {
  double r1 = R[0], r2 = R[1], r3 = R[2], r4 = R[3], r5 = R[4];
  double t1 = Bt * r3, t2 = 0.5 * (r4 + r5);
  R[0] = -r2;
  R[1] = r1;
  R[2] = Bt * (r4 - r5);
  R[3] = -t1 + t2;
  R[4] = t1 + t2;
}

// R = T_z^-1 T_y R.
void pinvr(double R[5]) {
  double r1 = R[0], r2 = R[1], r3 = R[2], r4 = R[3], r5 = R[4];
  double t1 = Bt * r1, t2 = 0.5 * (r4 + r5);
  R[0] = Bt * (r4 - r5);
  R[1] = -r3;
  R[2] = r2;
  R[3] = -t1 + t2;
  R[4] = t1 + t2;
}

// R = T_z R, U0 the point's density.
void tzetar(double R[5], double U0, const double F[NF]) {
  double r1 = R[0], r2 = R[1], r3 = R[2], r4 = R[3], r5 = R[4];
  double us = F[FUs], vs = F[FVs], ws = F[FWs], ac = F[FSpeed];
  double btuz = Bt * U0;
  double t1 = btuz / ac * (r4 + r5);
  double t2 = r3 + t1;
  double t3 = btuz * (r4 - r5);
  R[0] = t2;
  R[1] = -U0 * r2 + us * t2;
  R[2] = U0 * r1 + vs * t2;
  R[3] = ws * t2 + t3;
  R[4] =
      U0 * (-us * r2 + vs * r1) + F[FQs] * t2 + C2iv * ac * ac * t1 + ws * t3;
}

// The lines along xi, plane by plane: each plane's lines are copied into
// arrays indexed [position][line] (so the elimination runs across the
// lines in its innermost loop), with txinvr applied on the way in and
// ninvr on the way out.
void xSolve(double R[N][N][NP][NR], const double Fields[N][N][NP][NF]) {
#pragma hpf distribute R(block, *, *, *)
#pragma hpf distribute Fields(block, *, *, *)
#pragma hpf independent
  for (int k = 1; k <= N - 2; k++) {
    double vel[N][NP], rho[N][NP], spd[N][NP], r[5][N][NP];
    for (int j = 1; j <= N - 2; j++)
      for (int i = 0; i < N; i++) {
        double f[NF], p[5] = {0.0, 0.0, 0.0, 0.0, 0.0};
        for (int q = 0; q < NF; q++)
          f[q] = Fields[k][j][i][q];
        vel[i][j] = f[FUs];
        rho[i][j] = f[FRhoI];
        spd[i][j] = f[FSpeed];
        if (i >= 1 && i <= N - 2) {
          for (int m = 0; m < 5; m++)
            p[m] = R[k][j][i][m];
          txinvr(p, f);
        }
        for (int m = 0; m < 5; m++)
          r[m][i][j] = p[m];
      }
    solvePlane(XAxis, vel, rho, spd, r);
    for (int j = 1; j <= N - 2; j++)
      for (int i = 1; i <= N - 2; i++) {
        double p[5];
        for (int m = 0; m < 5; m++)
          p[m] = r[m][i][j];
        ninvr(p);
        for (int m = 0; m < 5; m++)
          R[k][j][i][m] = p[m];
      }
  }
}

// The lines along eta, plane by plane, then pinvr; every plane, the
// boundary's too, gets the fields the z solve reads.
void ySolve(double R[N][N][NP][NR], const double Fields[N][N][NP][NF]) {
#pragma hpf distribute R(block, *, *, *)
#pragma hpf distribute Fields(block, *, *, *)
#pragma hpf independent
  for (int k = 0; k < N; k++) {
    double vel[N][NP], rho[N][NP], spd[N][NP], r[5][N][NP];
    bool interior = k >= 1 && k <= N - 2;
    if (interior) {
      for (int j = 0; j < N; j++)
        for (int i = 1; i <= N - 2; i++) {
          vel[j][i] = Fields[k][j][i][FVs];
          rho[j][i] = Fields[k][j][i][FRhoI];
          spd[j][i] = Fields[k][j][i][FSpeed];
          bool inside = j >= 1 && j <= N - 2;
          for (int m = 0; m < 5; m++)
            r[m][j][i] = inside ? R[k][j][i][m] : 0.0;
        }
      solvePlane(YAxis, vel, rho, spd, r);
    }
    for (int j = 1; j <= N - 2; j++)
      for (int i = 1; i <= N - 2; i++) {
        if (interior) {
          double p[5];
          for (int m = 0; m < 5; m++)
            p[m] = r[m][j][i];
          pinvr(p);
          for (int m = 0; m < 5; m++)
            R[k][j][i][m] = p[m];
        }
        R[k][j][i][RRhoI] = Fields[k][j][i][FRhoI];
        R[k][j][i][RWs] = Fields[k][j][i][FWs];
        R[k][j][i][RSpeed] = Fields[k][j][i][FSpeed];
      }
  }
}

// The lines along zeta, xz-plane by xz-plane, into Out's xz-planes: R (the
// right-hand side and the fields ySolve left) is read from a copy
// redistributed to xz-planes before the loop. tzetar follows in add.
void zSolve(const double R[N][N][NP][NR], double Out[N][N][NP][5]) {
#pragma hpf distribute Out(*, block, *, *)
#pragma hpf independent
  for (int j = 1; j <= N - 2; j++) {
    double vel[N][NP], rho[N][NP], spd[N][NP], r[5][N][NP];
    for (int k = 0; k < N; k++)
      for (int i = 1; i <= N - 2; i++) {
        vel[k][i] = R[k][j][i][RWs];
        rho[k][i] = R[k][j][i][RRhoI];
        spd[k][i] = R[k][j][i][RSpeed];
        bool inside = k >= 1 && k <= N - 2;
        for (int m = 0; m < 5; m++)
          r[m][k][i] = inside ? R[k][j][i][m] : 0.0;
      }
    solvePlane(ZAxis, vel, rho, spd, r);
    for (int k = 1; k <= N - 2; k++)
      for (int i = 1; i <= N - 2; i++)
        for (int m = 0; m < 5; m++)
          Out[k][j][i][m] = r[m][k][i];
  }
}

// Solves the lines 1 .. N - 2 of a plane along X: position p of line l has
// the velocity along X Vel[p][l], 1/rho Rho[p][l], the speed of sound
// Spd[p][l] and the right-hand side R[m][p][l] (zero at p = 0 and N - 1,
// the boundary, which the solution keeps). The five variables make three
// pentadiagonal systems per line: one matrix for variables 0 .. 2, the
// acoustic variables 3 and 4 each their own, with -/+ dt/(2h) times the
// speed of sound added to the off-diagonals next to the diagonal. The
// lines are eliminated together (the innermost loops run across them), by
// Gaussian elimination without pivoting: the systems are diagonally
// dominant.
void solvePlane(const Axis &X, const double Vel[N][NP], const double Rho[N][NP],
                const double Spd[N][NP], double R[5][N][NP]) {
  // The bands b .. e (coefficients of p - 1 .. p + 2) of system s, where
  // variable m belongs to system System[m]; the band of p - 2 is the
  // dissipation's alone, the same for every line and system, and no
  // elimination step changes it.
  constexpr int System[5] = {0, 0, 0, 1, 2};
  double b[3][N][NP], c[3][N][NP], d[3][N][NP], e[3][N][NP];
  double rh[N][NP]; // the second-order dissipation coefficient per point
  int a = X.Along;
  double across = std::max(X.D[1 + a % 3], X.D[1 + (a + 1) % 3]);
  for (int p = 0; p < N; p++)
    for (int l = 1; l <= N - 2; l++) {
      double ru1 = C3C4 * Rho[p][l];
      rh[p][l] = std::max(std::max(X.D[a] + Con43 * ru1, X.D[4] + C1C5 * ru1),
                          std::max(across + ru1, X.D[0]));
    }
  for (int p = 1; p <= N - 2; p++) {
    const double *w = Dissipation.W[p];
    for (int l = 1; l <= N - 2; l++) {
      double bp = -DtT2 * Vel[p - 1][l] - DtT1 * rh[p - 1][l] + Comz1 * w[1];
      double cp = 1.0 + 2.0 * DtT1 * rh[p][l] + Comz1 * w[2];
      double dp = DtT2 * Vel[p + 1][l] - DtT1 * rh[p + 1][l] + Comz1 * w[3];
      double sm = DtT2 * Spd[p - 1][l], sp = DtT2 * Spd[p + 1][l];
      b[0][p][l] = bp;
      b[1][p][l] = bp - sm;
      b[2][p][l] = bp + sm;
      d[0][p][l] = dp;
      d[1][p][l] = dp + sp;
      d[2][p][l] = dp - sp;
      for (int q = 0; q < 3; q++) {
        c[q][p][l] = cp;
        e[q][p][l] = Comz1 * w[4];
      }
    }
  }

  // Forward: row p divided by its diagonal, then taken from rows p + 1
  // and p + 2 (while they are interior rows).
  constexpr int Last = N - 2;
  for (int p = 1; p <= Last; p++) {
    double a2 = p + 2 <= Last ? Comz1 * Dissipation.W[p + 2][0] : 0.0;
    for (int l = 1; l <= N - 2; l++) {
      double dp[3], ep[3];
      for (int q = 0; q < 3; q++) {
        double f = 1.0 / c[q][p][l];
        dp[q] = d[q][p][l] *= f;
        ep[q] = e[q][p][l] *= f;
        for (int m = 0; m < 5; m++)
          if (System[m] == q)
            R[m][p][l] *= f;
      }
      if (p + 1 <= Last)
        for (int q = 0; q < 3; q++) {
          double b1 = b[q][p + 1][l];
          c[q][p + 1][l] -= b1 * dp[q];
          d[q][p + 1][l] -= b1 * ep[q];
          for (int m = 0; m < 5; m++)
            if (System[m] == q)
              R[m][p + 1][l] -= b1 * R[m][p][l];
        }
      if (p + 2 <= Last)
        for (int q = 0; q < 3; q++) {
          b[q][p + 2][l] -= a2 * dp[q];
          c[q][p + 2][l] -= a2 * ep[q];
          for (int m = 0; m < 5; m++)
            if (System[m] == q)
              R[m][p + 2][l] -= a2 * R[m][p][l];
        }
    }
  }
  // Back: row Last is solved; R at N - 1 is the boundary's zero.
  for (int p = Last - 1; p >= 1; p--)
    for (int l = 1; l <= N - 2; l++)
      for (int m = 0; m < 5; m++) {
        int q = System[m];
        R[m][p][l] -= d[q][p][l] * R[m][p + 1][l] + e[q][p][l] * R[m][p + 2][l];
      }
}

// U += T_z R at the interior points, R read from a copy redistributed to
// planes before the loop.
void add(double U[N][N][NP][5], const double R[N][N][NP][5],
         const double Fields[N][N][NP][NF]) {
#pragma hpf distribute U(block, *, *, *)
#pragma hpf distribute Fields(block, *, *, *)
#pragma hpf independent
  for (int k = 1; k <= N - 2; k++)
    for (int j = 1; j <= N - 2; j++)
      for (int i = 1; i <= N - 2; i++) {
        double p[5], f[NF];
        for (int m = 0; m < 5; m++)
          p[m] = R[k][j][i][m];
        for (int q = 0; q < NF; q++)
          f[q] = Fields[k][j][i][q];
        tzetar(p, U[k][j][i][0], f);
        for (int m = 0; m < 5; m++)
          U[k][j][i][m] += p[m];
      }
}

// The RMS norm of U minus the exact solution over the whole grid, per
// variable: the squares summed per plane by the plane's owner, then the
// planes' sums in plane order.
void errorNorm(const double U[N][N][NP][5], double Sums[N][5], double Rms[5]) {
#pragma hpf distribute U(block, *, *, *)
#pragma hpf distribute Sums(block, *)
#pragma hpf independent
  for (int k = 0; k < N; k++) {
    double s[5] = {0.0, 0.0, 0.0, 0.0, 0.0};
    for (int j = 0; j < N; j++)
      for (int i = 0; i < N; i++) {
        double exact[5];
        exactSolution(i * H, j * H, k * H, exact);
        for (int m = 0; m < 5; m++) {
          double diff = U[k][j][i][m] - exact[m];
          s[m] += diff * diff;
        }
      }
    for (int m = 0; m < 5; m++)
      Sums[k][m] = s[m];
  }
  for (int m = 0; m < 5; m++)
    Rms[m] = 0.0;
  for (int k = 0; k < N; k++)
    for (int m = 0; m < 5; m++)
      Rms[m] += Sums[k][m];
  for (int m = 0; m < 5; m++)
    Rms[m] = std::sqrt(Rms[m] / ((double)(N - 2) * (N - 2) * (N - 2)));
}

// The RMS norm of R over the interior, per variable, summed as errorNorm's.
void rhsNorm(const double R[N][N][NP][NR], double Sums[N][5], double Rms[5]) {
#pragma hpf distribute R(block, *, *, *)
#pragma hpf distribute Sums(block, *)
#pragma hpf independent
  for (int k = 0; k < N; k++) {
    double s[5] = {0.0, 0.0, 0.0, 0.0, 0.0};
    if (k >= 1 && k <= N - 2)
      for (int j = 1; j <= N - 2; j++)
        for (int i = 1; i <= N - 2; i++)
          for (int m = 0; m < 5; m++)
            s[m] += R[k][j][i][m] * R[k][j][i][m];
    for (int m = 0; m < 5; m++)
      Sums[k][m] = s[m];
  }
  for (int m = 0; m < 5; m++)
    Rms[m] = 0.0;
  for (int k = 0; k < N; k++)
    for (int m = 0; m < 5; m++)
      Rms[m] += Sums[k][m];
  for (int m = 0; m < 5; m++)
    Rms[m] = std::sqrt(Rms[m] / ((double)(N - 2) * (N - 2) * (N - 2)));
}

// The norms of the error and of the residual (one more right-hand side,
// over dt) against the specification's, to a relative Epsilon.
bool verify() {
  double xce[5], xcr[5];
  errorNorm(U, PlaneSums, xce);
  computeRhs(U, Forcing, Rhs, Fields);
  rhsNorm(Rhs, PlaneSums, xcr);
  for (int m = 0; m < 5; m++)
    xcr[m] /= Dt;

  bool ok = true;
  std::printf(" Verification being performed for class %c\n", Problem->Name);
  std::printf(" accuracy setting for epsilon = %20.13E\n", Epsilon);
  const char *titles[2] = {"residual", "solution error"};
  const double *values[2] = {xcr, xce};
  const double *refs[2] = {Problem->Xcr, Problem->Xce};
  for (int t = 0; t < 2; t++) {
    std::printf(" Comparison of RMS-norms of %s\n", titles[t]);
    for (int m = 0; m < 5; m++) {
      double v = values[t][m], ref = refs[t][m];
      double err = std::fabs((v - ref) / ref);
      bool good = err <= Epsilon; // false for a NaN
      ok = ok && good;
      std::printf("          %2d%20.13E%20.13E%20.13E%s\n", m + 1, v, ref, err,
                  good ? "" : " FAILURE");
    }
  }
  std::printf(ok ? " Verification Successful\n" : " Verification failed\n");
  return ok;
}

// NPB's closing block, with NPB's operation count for SP. Time and Mop/s
// are the only lines that change from run to run.
void printResults(bool Verified, double Seconds) {
  double n3 = (double)N * N * N, t = N;
  double mops = (881.174 * n3 - 4683.91 * t * t + 11484.5 * t - 19272.4) *
                NITER / (Seconds * 1.0e6);
  std::printf("\n SP Benchmark Completed.\n");
  std::printf(" Class           = %24c\n", Problem->Name);
  std::printf(" Size            = %12dx%4dx%4d\n", N, N, N);
  std::printf(" Iterations      = %24d\n", NITER);
  std::printf(" Time in seconds = %24.2f\n", Seconds);
  std::printf(" Mop/s total     = %24.2f\n", mops);
  std::printf(" Operation type  = %24s\n", "floating point");
  std::printf(" Verification    = %24s\n",
              Verified ? "SUCCESSFUL" : "UNSUCCESSFUL");
}
