// Heap arrays distributed with their extent at run time (new T[n],
// std::unique_ptr<T[]>): what stays rejected, and why (at the token).
// RUN: %clang_verify %s
#include <memory>

void f(int n, double *Given) {
  double *A = new double[n]; // expected-note {{allocated with 'new[]' here}}
#pragma hpf distribute A(block)
  double *Init = new double[n]{1, 2};
#pragma hpf distribute Init(block) // expected-error {{distributed 'Init' ('double *') needs its elements where it is declared, as 'new T[n]' (no initial values, no placement): the extent is part of the mapping and cannot change afterwards}}
  double *Later = nullptr;
#pragma hpf distribute Later(block) // expected-error {{distributed 'Later' ('double *') needs its elements where it is declared, as 'new T[n]'}}
  std::unique_ptr<double[]> U = std::make_unique<double[]>(n);
#pragma hpf distribute U(cyclic)
  std::unique_ptr<double[]> Empty;
#pragma hpf distribute Empty(block) // expected-error {{distributed 'Empty' ('std::unique_ptr<double[]>') needs its elements where it is declared, as 'std::make_unique<T[]>(n)'}}
  int Fixed = 3;
#pragma hpf distribute Fixed(block) // expected-error {{'Fixed' is not an array with a constant extent ('int'); arrays whose extent is known at run time are declared 'std::vector<T> Fixed(n)', 'T *Fixed = new T[n]' or 'auto Fixed = std::make_unique<T[]>(n)'}}
  double *Raw = U.get(); // expected-error {{'U.get()' is not supported on distributed 'U' (a std::unique_ptr<T[]>: its storage is split over the ranks, and it keeps its extent while in scope): use its elements 'U[i]'}}
  (void)Raw;
  (void)Given;
  delete A; // expected-error {{'A' was allocated with new[]: delete it with 'delete[] A'}} expected-warning {{'delete' applied to a pointer that was allocated with 'new[]'}}
}
