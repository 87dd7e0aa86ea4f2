// Replicated arrays stored into by independent loops: a plain store into a
// fixed-size array of numbers (or a std::vector of numbers) is delivered to
// every rank after the loop (a remark says what that costs); the stores
// whose changes cannot be delivered keep an error that says why.
// RUN: %clang_verify -fplugin-arg-hpf-remarks %s
#include <vector>
constexpr int N = 16;
#pragma hpf processors P(4)
double A[N];
#pragma hpf distribute A(block) onto P // expected-remark {{distribute 'A'}}
double R[N / 2];
int H[4][4];
struct Pt {
  double x, y;
};
Pt Q[N];

void set(double *p, int i) { p[i] = 1; }

int main() {
  std::vector<double> V(N);
  // expected-remark@+3 {{independent loop over 'A'}}
  // expected-remark@+2 {{'R' is replicated and written in the loop: before it a copy of 8 elements, after it each rank's changed elements are sent to all (one MPI_Allgatherv); if each iteration writes what it reads of it first and nothing reads it after the loop (scratch), name it in the directive's new(...): each rank keeps its own and nothing is sent}}
  // expected-remark@+1 {{'H' is replicated and written in the loop: before it a copy of 16 elements, after it each rank's changed elements are sent to all (one MPI_Allgatherv)}}
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    A[i] = i;
    if (i % 2 == 0)
      R[i / 2] = A[i] + R[N / 2 - 1];
    H[i / 4][i % 4] = i;
  }
  // expected-remark@+3 {{not fused with the independent loop at line 26: the loop at line 26 writes a replicated array}}
  // expected-remark@+2 {{independent loop over 'A'}}
  // expected-remark@+1 {{'V' is replicated and written in the loop: before it a copy of its elements, after it each rank's changed elements are sent to all (one MPI_Allgatherv)}}
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    V[i] = A[i];

  // What stays refused.
  double *p = R;
  double (&r)[N / 2] = R;
#pragma hpf independent // expected-remark {{independent loop over 'A'}}
  for (int i = 0; i < N; ++i) {
    A[i] = 0;
    p[i / 2] = 1; // expected-error {{writes through pointers or references are not allowed in an independent loop}}
    r[i / 2] = 1; // expected-error {{'r' is assigned in an independent loop: each rank would keep a different value}}
    Q[i].x = 1; // expected-error {{'Q' is not distributed: writing it in an independent loop would leave each rank a different copy, and only arrays of numbers of a fixed size (or std::vector of numbers) have their changes delivered to every rank after the loop (compared bytewise with a copy made before it); distribute it like the loop's arrays}}
    R[i / 2] /= 2; // expected-error {{'R' is not distributed: writing it in an independent loop would leave each rank a different copy, and this update ('/=') reads the element it writes: only plain stores ('R[k] = ...') are delivered to every rank after the loop; distribute it like the loop's arrays}}
    R[i / 2] = R[i / 2] * A[i]; // expected-error {{'R' is not distributed: writing it in an independent loop would leave each rank a different copy, and this store reads the element it writes: only plain stores ('R[k] = ...') whose value does not read the element are delivered to every rank after the loop (ranks updating one element would each update their own copy; a reduction clause combines updates); distribute it like the loop's arrays}}
    H[i % 4][0] += 1; // expected-error {{'H' is not distributed: updating it in an independent loop would leave each rank a different copy; declare it in a reduction clause ('reduction(+: H)'}}
    V[i] += 1; // expected-error {{'V' is not distributed: writing it in an independent loop would leave each rank a different copy, and this update reads the element it writes: only plain stores ('V[k] = ...') are delivered to every rank after the loop; distribute it like the loop's arrays}}
  }
#pragma hpf independent reduction(+: R) // expected-remark {{independent loop over 'A'}} expected-remark {{not fused}}
  for (int i = 0; i < N; ++i)
    R[i / 2] = A[i]; // expected-error {{this update of 'R' does not match its reduction operator '+'}}
#pragma hpf independent // expected-remark {{independent loop over 'A'}} expected-remark {{not fused}}
  for (int i = 0; i < N; ++i) {
    A[i] = 0;
    set(R, i / 2); // expected-error {{'R' is declared outside the independent loop at line}}
  }
}
