// Image processing on a 2-D grid distributed in blocks of rows and columns
// (block, block): a synthetic grey-level image is smoothed by a 3 x 3 box
// filter, thresholded, and the foreground pixels and their centroid are
// counted. Integer arithmetic: the output is exact.
#include <cstdio>

constexpr int H = 120, W = 160;

#pragma hpf processors G(*, *)
int Image[H][W];
int Smooth[H][W];
#pragma hpf distribute Image(block, block) onto G
#pragma hpf distribute Smooth(block, block) onto G

int main() {
  // Two bright discs on a gradient background with a fine checkerboard.
#pragma hpf independent
  for (int y = 0; y < H; ++y) {
#pragma hpf independent
    for (int x = 0; x < W; ++x) {
      int d1 = (y - 40) * (y - 40) + (x - 50) * (x - 50);
      int d2 = (y - 80) * (y - 80) + (x - 115) * (x - 115);
      Image[y][x] = x / 4 + ((x + y) % 2) * 30 + (d1 < 400 ? 120 : 0) +
                    (d2 < 625 ? 90 : 0);
    }
  }
#pragma hpf independent
  for (int y = 1; y < H - 1; ++y) {
#pragma hpf independent
    for (int x = 1; x < W - 1; ++x)
      Smooth[y][x] =
          (Image[y - 1][x - 1] + Image[y - 1][x] + Image[y - 1][x + 1] +
           Image[y][x - 1] + Image[y][x] + Image[y][x + 1] +
           Image[y + 1][x - 1] + Image[y + 1][x] + Image[y + 1][x + 1]) /
          9;
  }
  long count = 0, sy = 0, sx = 0, level = 0;
#pragma hpf independent reduction(+ : count, sy, sx, level)
  for (int y = 1; y < H - 1; ++y) {
#pragma hpf independent
    for (int x = 1; x < W - 1; ++x) {
      level += Smooth[y][x];
      if (Smooth[y][x] > 110) {
        ++count;
        sy += y;
        sx += x;
      }
    }
  }
  std::printf("mean level %ld\n", level / ((H - 2) * (W - 2)));
  std::printf("foreground %ld pixels, centroid (%ld, %ld)\n", count,
              count ? sy / count : 0, count ? sx / count : 0);
  std::printf("Smooth[40][50] %d, Smooth[80][115] %d\n", Smooth[40][50],
              Smooth[80][115]);
}
