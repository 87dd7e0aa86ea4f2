// A class-based solver: a Grid owns its fields (the temperature, its next
// iterate and a source term), distributed by rows, and its methods sweep
// them (Jacobi for the 2-D Poisson problem -lap(u) = f with u = 0 on the
// boundary), measure the change and probe points. Two grids of different
// sources live side by side; one on the heap.
#include <cmath>
#include <cstdio>
#include <memory>
#include <utility>
#include <vector>

class Grid {
public:
  static constexpr int R = 16, C = 12;

  explicit Grid(double Amplitude) : F(R * C) {
    const double h = 1.0 / (R - 1);
#pragma hpf independent
    for (int i = 0; i < R; ++i)
#pragma hpf independent
      for (int j = 0; j < C; ++j) {
        U[i][j] = 0.0;
        UNew[i][j] = 0.0;
      }
#pragma hpf independent
    for (int k = 0; k < R * C; ++k)
      F[k] = Amplitude * std::sin(3.0 * (k / C) * h) + 1.0;
  }

  /// One Jacobi sweep over the interior; returns the largest change.
  double sweep() {
    const double h = 1.0 / (R - 1);
    double change = 0.0;
#pragma hpf independent reduction(max : change)
    for (int i = 1; i < R - 1; ++i)
#pragma hpf independent
      for (int j = 1; j < C - 1; ++j) {
        UNew[i][j] = 0.25 * (U[i - 1][j] + U[i + 1][j] + U[i][j - 1] +
                             U[i][j + 1] + h * h * F[i * C + j]);
        change = std::fmax(change, std::fabs(UNew[i][j] - U[i][j]));
      }
#pragma hpf independent
    for (int i = 1; i < R - 1; ++i)
#pragma hpf independent
      for (int j = 1; j < C - 1; ++j)
        U[i][j] = UNew[i][j];
    return change;
  }

  int solve(double Tol, int MaxIt) {
    int it = 0;
    while (it < MaxIt && sweep() > Tol)
      ++it;
    return it;
  }

  double total() const {
    double s = 0.0;
#pragma hpf independent reduction(+ : s)
    for (int i = 0; i < R; ++i)
#pragma hpf independent
      for (int j = 0; j < C; ++j)
        s += U[i][j];
    return s;
  }

  double probe(int i, int j) const { return U[i][j]; }

private:
  double U[R][C], UNew[R][C];
  std::vector<double> F;
#pragma hpf distribute U(block, *)
#pragma hpf distribute UNew(block, *)
#pragma hpf distribute F(block)
};

int main() {
  Grid Smooth(0.0);
  auto Wavy = std::make_unique<Grid>(2.0);
  const int a = Smooth.solve(1e-5, 400);
  const int b = Wavy->solve(1e-5, 400);
  std::printf("smooth: %d sweeps, total %.6f, centre %.8f\n", a,
              Smooth.total(), Smooth.probe(Grid::R / 2, Grid::C / 2));
  std::printf("wavy:   %d sweeps, total %.6f, centre %.8f\n", b, Wavy->total(),
              Wavy->probe(Grid::R / 2, Grid::C / 2));
}
