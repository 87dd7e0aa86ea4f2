// Distributed std::vector: what stays rejected, and why (at the token).
// RUN: %clang_verify %s
#include <vector>

void byValue(std::vector<double> V) { (void)V; }

void f(int n) {
  std::vector<double> A(n);
#pragma hpf distribute A(block)
  std::vector<double> E;
#pragma hpf distribute E(block) // expected-error {{distributed std::vector 'E' needs its size where it is declared ('std::vector<double> E(n)' or 'E(n, v)'): the size is part of the mapping and cannot change afterwards}}
  std::vector<bool> Bits(n);
#pragma hpf distribute Bits(block) // expected-error {{std::vector<bool> packs its elements in bits}}
  A.push_back(1); // expected-error {{'push_back' would change the size of distributed std::vector 'A'; the size is part of the mapping}}
  A.resize(2 * n); // expected-error {{'resize' would change the size of distributed std::vector 'A'}}
  double *p = A.data(); // expected-error {{'A.data()' would see only this rank's part of distributed std::vector 'A': use its elements 'A[i]'}}
  for (auto &x : A) x = A[0]; // expected-error {{distributed array 'A' is used in the body of a range-for over it that writes its elements}}
  (void)n;
  A = std::vector<double>(3); // expected-error {{assigning to distributed std::vector 'A' would replace it (and may change its size)}}
  byValue(A); // expected-error {{distributed array 'A' can only be used as 'A[i]' in an independent loop over i or as an element 'A[k]' in other code}}
  double s = A[0] + static_cast<double>(A.size());
  (void)p;
  (void)s;
}
