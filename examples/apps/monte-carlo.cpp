// Monte Carlo estimate of pi and of the volume of a unit 3-ball. Each
// sample draws its coordinates from a counter-based generator (a hash of
// the sample number), so the result does not depend on which rank draws
// which sample; the hit counts are integer reductions.
#include <cstdint>
#include <cstdio>

constexpr int Samples = 200000;

#pragma hpf processors P(*)
unsigned char Hit2[Samples];
#pragma hpf distribute Hit2(cyclic(64)) onto P

// SplitMix64: a good 64-bit mix, used as "random number of counter".
std::uint64_t mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

double uniform(std::uint64_t counter) {
  return (mix(counter) >> 11) * (1.0 / 9007199254740992.0);
}

int main() {
  long in2 = 0, in3 = 0;
#pragma hpf independent reduction(+ : in2, in3)
  for (int s = 0; s < Samples; ++s) {
    double x = uniform(3ull * s), y = uniform(3ull * s + 1),
           z = uniform(3ull * s + 2);
    Hit2[s] = x * x + y * y <= 1.0;
    in2 += Hit2[s];
    in3 += x * x + y * y + z * z <= 1.0;
  }
  std::printf("samples %d\n", Samples);
  std::printf("pi          ~ %.5f (%ld hits)\n", 4.0 * in2 / Samples, in2);
  std::printf("ball volume ~ %.5f (%ld hits)\n", 8.0 * in3 / Samples, in3);
  std::printf("first samples: %d %d %d %d\n", Hit2[0], Hit2[1], Hit2[2],
              Hit2[3]);
}
