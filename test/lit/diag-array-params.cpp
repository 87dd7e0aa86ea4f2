// A parameter declared as a whole array, `double A[6][C]`, takes a
// distributed array only with the array's own extents: C++ lets any first
// extent through, but a smaller one would be a part of the array, which
// has no mapping of its own.
// RUN: %clang_verify %s
constexpr int R = 12, C = 8;
double M[R][C];
#pragma hpf distribute M(block, *)
double first(double A[6][C]) { return A[0][0]; } // expected-note {{parameter declared here}}
double all(double A[R][C]) { return A[R - 1][0]; }
int main() {
  return first(M) > all(M); // expected-error {{distributed array 'M' is passed to 'first' as 'double[6][8]', whose extents differ from the array's: the parameter must be declared with the array's own extents}}
}
