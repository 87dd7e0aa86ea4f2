// The Mandelbrot set on a 2-D grid of escape counts. Rows near the middle
// cost far more than rows near the edges, so the rows are dealt out
// cyclically (cyclic, *): every rank gets rows from everywhere. Prints a
// coarse picture (every 8th row and 4th column) and the total count.
#include <cstdio>

constexpr int Rows = 96, Cols = 160, MaxIter = 500;

#pragma hpf processors P(*)
int Count[Rows][Cols];
#pragma hpf distribute Count(cyclic, *) onto P

int escape(double cr, double ci) {
  double zr = 0, zi = 0;
  int n = 0;
  while (n < MaxIter && zr * zr + zi * zi <= 4.0) {
    double t = zr * zr - zi * zi + cr;
    zi = 2 * zr * zi + ci;
    zr = t;
    ++n;
  }
  return n;
}

int main() {
#pragma hpf independent
  for (int i = 0; i < Rows; ++i)
    for (int j = 0; j < Cols; ++j)
      Count[i][j] = escape(-2.2 + 3.2 * j / Cols, -1.2 + 2.4 * i / Rows);
  long total = 0;
  int inside = 0;
#pragma hpf independent reduction(+ : total, inside)
  for (int i = 0; i < Rows; ++i)
    for (int j = 0; j < Cols; ++j) {
      total += Count[i][j];
      inside += Count[i][j] == MaxIter;
    }
  for (int i = 0; i < Rows; i += 8) {
    char line[Cols / 4 + 1];
    for (int j = 0; j < Cols; j += 4) {
      int c = Count[i][j];
      line[j / 4] = c == MaxIter ? '#' : c > 20 ? '+' : c > 5 ? '.' : ' ';
    }
    line[Cols / 4] = '\0';
    std::printf("|%s|\n", line);
  }
  std::printf("iterations %ld, points inside %d of %d\n", total, inside,
              Rows * Cols);
}
