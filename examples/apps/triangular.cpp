// Work that grows with the index (a triangular loop: row i of a pairwise
// interaction costs i operations). Under block the last rank does most of
// the work; the program redistributes to cyclic(8) before the expensive
// phase and back to block afterwards, and prints the same results either way.
#include <cstdio>

constexpr int N = 3000;

#pragma hpf processors P(*)
long Energy[N];
#pragma hpf distribute Energy(block) onto P
#pragma hpf dynamic Energy

long pair(int i, int j) { return (i * 31 + j * 17) % 97 - 48; }

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    Energy[i] = 0;
    // Balance the triangular phase: cyclic(8) deals rows round-robin.
#pragma hpf redistribute Energy(cyclic(8)) onto P
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    long e = 0;
    for (int j = 0; j < i; ++j)
      e += pair(i, j);
    Energy[i] = e;
  }
#pragma hpf redistribute Energy(block) onto P
  long total = 0, lowest = 0;
  int where = -1;
#pragma hpf independent reduction(+ : total) reduction(min : lowest)
  for (int i = 0; i < N; ++i) {
    total += Energy[i];
    lowest = Energy[i] < lowest ? Energy[i] : lowest;
  }
  for (int i = 0; i < N && where < 0; i += 100)
    if (Energy[i] == lowest)
      where = i;
  std::printf("total energy %ld, lowest %ld\n", total, lowest);
  std::printf("E[1] %ld, E[N/2] %ld, E[N-1] %ld\n", Energy[1], Energy[N / 2],
              Energy[N - 1]);
}
