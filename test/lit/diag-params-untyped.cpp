// `void *` parameters that take distributed arrays
// (analysis/declarations/Untyped.cpp): the body must use one view of the
// argument's rows, or pass the parameter on; a reshape, another use, or
// two shapes are errors at the call, saying what to write.
// RUN: %clang_verify %s
#include <cstring>
constexpr int N = 8;
double V[N * N], M[N][N], W[N][2 * N];
#pragma hpf distribute V(block)
#pragma hpf distribute M(block, *)
#pragma hpf distribute W(block, *)

// A row-major reshape of a vector.
void reshaped(void *pointer_v) {
  double (*v)[N] = (double (*)[N])pointer_v; // expected-note {{the view of 'pointer_v'}}
  v[0][0] = 1;
}
// A view and another use of the parameter.
void cleared(void *pointer_m) {
  std::memset(pointer_m, 0, sizeof(double)); // expected-note {{'pointer_m' is used here}}
  double (*m)[N] = (double (*)[N])pointer_m;
  m[1][1] = 2;
}
// Two views.
void twice(void *pointer_m) {
  double (*m)[N] = (double (*)[N])pointer_m;
  double (*m2)[N] = (double (*)[N])pointer_m; // expected-note {{'pointer_m' is used here}}
  m[0][1] = m2[1][0];
}
// Called with two shapes.
void rows(void *pointer_m) {
  double (*m)[N] = (double (*)[N])pointer_m; // expected-note {{the view of 'pointer_m'}}
  m[2][2] = 3;
}
// Passed to the library: another use.
void copied(void *pointer_m) {
  const double Zero = 0;
  std::memcpy(pointer_m, &Zero, sizeof Zero); // expected-note {{'pointer_m' is used here}}
}
// A vector viewed as its elements: no error.
void elements(void *pointer_v) {
  double *v = (double *)pointer_v;
  v[3] = 4;
}

int main() {
  reshaped(V); // expected-error {{distributed array 'V' (double [64]) is passed to 'reshaped' as 'void *' and used there as 'double (*)[8]': a view of a distributed array must have its element type and its extents but the first (declare 'V' with the shape the function uses)}}
  cleared(M);  // expected-error {{distributed array 'M' is passed to 'cleared' as 'void *': the function may use parameter 'pointer_m' only through one pointer declared alone from it ('double (*x)[8] = (double (*)[8])pointer_m;'), or pass it on to other functions}}
  twice(M);    // expected-error {{distributed array 'M' is passed to 'twice' as 'void *'}}
  rows(M);
  rows(W);     // expected-error {{distributed array 'W' (double [8][16]) is passed to 'rows' as 'void *' and used there as 'double (*)[8]'}}
  copied(W);   // expected-error {{distributed array 'W' is passed to 'copied' as 'void *': the function may use parameter 'pointer_m' only through one pointer declared alone from it ('double (*x)[16] = (double (*)[16])pointer_m;')}}
  elements(V);
  return 0;
}
