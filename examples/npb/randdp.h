// NPB's pseudorandom number generator (NAS report RNR-94-007, section 2.2),
// shared by the benchmarks: x_{k+1} = a x_k mod 2^46, returned as x * 2^-46
// in (0, 1), with a and x integers below 2^46 held in doubles.
#ifndef NPB_RANDDP_H
#define NPB_RANDDP_H

// The generator's arithmetic: exact integer products mod 2^46 in doubles.
constexpr double R23 = 1.0 / (1 << 23), T23 = 1 << 23;
constexpr double R46 = R23 * R23, T46 = T23 * T23;

// Truncates a nonnegative value below 2^31 to an integer: every value the
// generator truncates is below 2^24. One conversion each way, where
// std::floor is a library call without SSE4.1; through int, not long: EP's
// sequential class S run took 0.76 s instead of 0.98 s (clang++-19 -O3,
// Zen 5).
inline double whole(double V) {
  return static_cast<double>(static_cast<int>(V));
}

// State = A * State mod 2^46, returned as a number in (0, 1): State * 2^-46.
// Split into 23-bit halves, A = 2^23 a1 + a2 and State = 2^23 s1 + s2,
// their product is 2^46 a1 s1 + 2^23 (a1 s2 + a2 s1) + a2 s2; the first
// term is 0 mod 2^46, and every product and partial sum below stays under
// 2^53, so each step is exact.
inline double randlc(double *State, double A) {
  double a1 = whole(R23 * A), a2 = A - T23 * a1;
  double s1 = whole(R23 * *State), s2 = *State - T23 * s1;
  double mid = a1 * s2 + a2 * s1;
  double midLow = mid - T23 * whole(R23 * mid); // mid mod 2^23
  double full = T23 * midLow + a2 * s2;         // below 2^47
  *State = full - T46 * whole(R46 * full);      // mod 2^46
  return R46 * *State;
}

// N numbers of the generator into Out, State moved N steps ahead: randlc
// with A's halves computed once.
inline void vranlc(int N, double *State, double A, double *Out) {
  double a1 = whole(R23 * A), a2 = A - T23 * a1;
  double s = *State;
  for (int j = 0; j < N; ++j) {
    double s1 = whole(R23 * s), s2 = s - T23 * s1;
    double mid = a1 * s2 + a2 * s1;
    double midLow = mid - T23 * whole(R23 * mid);
    double full = T23 * midLow + a2 * s2;
    s = full - T46 * whole(R46 * full);
    Out[j] = R46 * s;
  }
  *State = s;
}

// State * A^Steps mod 2^46, by repeated squaring of A.
inline double advance(double State, double A, long Steps) {
  double power = A;
  for (; Steps > 0; Steps >>= 1) {
    if (Steps & 1)
      randlc(&State, power);
    randlc(&power, power);
  }
  return State;
}

#endif
