// An elementary cellular automaton (Wolfram's rule 90 and rule 30) on a
// row of cells with fixed dead borders: each generation reads the left and
// right neighbours of the previous one. Prints the first generations of a
// narrow window as text and a population count per generation.
#include <cstdio>

constexpr int Cells = 3001;
constexpr int Generations = 60;

#pragma hpf processors P(*)
int Old[Cells];
int New[Cells];
#pragma hpf distribute Old(block) onto P
#pragma hpf distribute New(block) onto P

int rule(int number, int left, int centre, int right) {
  return (number >> (left * 4 + centre * 2 + right)) & 1;
}

void run(int number) {
#pragma hpf independent
  for (int i = 0; i < Cells; ++i)
    Old[i] = i == Cells / 2;
  std::printf("rule %d\n", number);
  for (int g = 0; g < Generations; ++g) {
    if (g < 16) {
      char line[33];
      for (int k = 0; k < 32; ++k)
        line[k] = Old[Cells / 2 - 16 + k] ? '#' : '.';
      line[32] = '\0';
      std::printf("  %s\n", line);
    }
#pragma hpf independent
    for (int i = 1; i < Cells - 1; ++i)
      New[i] = rule(number, Old[i - 1], Old[i], Old[i + 1]);
    long alive = 0;
#pragma hpf independent reduction(+ : alive)
    for (int i = 1; i < Cells - 1; ++i) {
      Old[i] = New[i];
      alive += New[i];
    }
    if (g % 10 == 9)
      std::printf("  generation %d: %ld alive\n", g + 1, alive);
  }
}

int main() {
  run(90);
  run(30);
}
