// Stores at subscripts fixed in the nest (test/lit/e2e-loop-fixed-slices.cpp)
// that would differ between the ranks: every rank runs such a nest and only
// the owner stores, so a slice read where it is written, or the value of a
// compound assignment used, is an error at the element.
// RUN: %clang_verify %s
constexpr int E = 8;
double U[E][E][E];
#pragma hpf distribute U(block, *, *)

void doubled(int N) {
#pragma hpf independent
  for (int j = 0; j < E; j++)
    for (int i = 0; i < E; i++) {
      double Old = U[0][j][i]; // expected-error {{'U' is read here in the slice at '0' in dimension 0, which this nest also writes: every rank runs the nest and reads the slices it does not own from copies made before it; write the update as a compound assignment ('U[...] op= v') or keep the value in a local variable}}
      U[0][j][i] = Old * 2;
    }
#pragma hpf independent
  for (int j = 0; j < E; j++)
    for (int i = 0; i < E; i++)
      U[1][j][i] = U[1][j][i] * 2; // accepted: read through the store's reference
#pragma hpf independent
  for (int j = 0; j < E; j++)
    for (int i = 0; i < E; i++)
      U[N][j][i] *= 2; // accepted: the owner reads its own element
}

double chained() {
  double Sum = 0;
#pragma hpf independent reduction(+ : Sum)
  for (int j = 0; j < E; j++)
    Sum += (U[1][j][0] += 1); // expected-error {{'U' is written here at '1' in dimension 0, the same in every iteration: every rank runs this nest and only the owner of the element stores it, so it must be assigned ('=', 'op=', '++', '--') and, but for '=', as a statement of its own (the value of the expression differs on the other ranks)}}
  return Sum;
}

int main() {
  doubled(3);
  return chained() > 0;
}
