// N-body with replicated reads: each rank owns a block of the bodies
// (positions, velocities: block) and, every step, computes the forces on
// its bodies from all positions. The positions are read at every j, so
// each step starts by gathering them on every rank (one MPI_Allgatherv of
// X and Y: what every rank needs), then updates its own bodies.
//   hpfcc -O2 nbody.cpp -o nbody && mpiexec.mpich -n 2 ./nbody
#include <cmath>
#include <cstdio>

#ifndef KERNEL_N
#define KERNEL_N 96
#endif
constexpr int N = KERNEL_N; // -DKERNEL_N=...: a macro N would clash
#ifndef STEPS
#define STEPS 8
#endif

#pragma hpf processors ALL(*)
double X[N], Y[N], VX[N], VY[N];
#pragma hpf distribute X(block) onto ALL
#pragma hpf distribute Y(block) onto ALL
#pragma hpf distribute VX(block) onto ALL
#pragma hpf distribute VY(block) onto ALL

int main() {
  const double Dt = 1e-3, Soft = 1e-2;
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    X[i] = std::cos(0.37 * i) * (1 + i % 7);
    Y[i] = std::sin(0.23 * i) * (1 + i % 5);
    VX[i] = 0;
    VY[i] = 0;
  }
  for (int s = 0; s < STEPS; ++s) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      double Ax = 0, Ay = 0;
      for (int j = 0; j < N; ++j) {
        double Dx = X[j] - X[i], Dy = Y[j] - Y[i];
        double R2 = Dx * Dx + Dy * Dy + Soft;
        double Inv = 1.0 / (R2 * std::sqrt(R2));
        Ax += Dx * Inv;
        Ay += Dy * Inv;
      }
      VX[i] += Dt * Ax;
      VY[i] += Dt * Ay;
    }
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      X[i] += Dt * VX[i];
      Y[i] += Dt * VY[i];
    }
  }
  double Kin = 0, Cx = 0;
#pragma hpf independent reduction(+ : Kin, Cx)
  for (int i = 0; i < N; ++i) {
    Kin += 0.5 * (VX[i] * VX[i] + VY[i] * VY[i]);
    Cx += X[i];
  }
  std::printf("nbody %d bodies, %d steps: kinetic %.6e, centre x %.6e\n", N,
              STEPS, Kin, Cx / N);
  return 0;
}
