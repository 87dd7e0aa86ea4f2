// Arrays handed to a helper's pointer parameter (analysis/effects/): the
// call writes the array if and only if the helper writes through that
// parameter, at any depth. A table only read is not written
// (e2e-loop-handed-pointers.cpp); one written through the parameter, or
// through a parameter it is passed on to, is an error at the call that
// hands it, with a note at the loop's call.
// RUN: %clang_verify %s
constexpr int N = 12;
double A[N];
#pragma hpf distribute A(block)

static double Table[4], Other[4];
static void scale(double u[], double x[]) {
  u[0] = x[0];
  x[0] *= 2;
}
static void readOnly(double u[], double x[]) { x[0] += u[1]; }
static void direct(double x[]) {
  readOnly(Other, x);
  scale(Table, x); // expected-error {{'Table' is written here, reached from the independent loop at line 29 through 'direct' (called at line 31)}}
}
static void onward(double u[], double x[]) { scale(u, x); }
static void twoLevels(double x[]) {
  onward(Other, x); // expected-error {{'Other' is written here, reached from the independent loop at line 29 through 'twoLevels' (called at line 32)}}
}

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    double x[1] = {double(i)};
    direct(x);    // expected-note {{called here}}
    twoLevels(x); // expected-note {{called here}}
    A[i] = x[0];
  }
  return 0;
}
