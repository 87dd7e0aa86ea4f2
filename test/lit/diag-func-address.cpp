// A function whose parameter takes distributed arrays gets hpf::darray
// parameters (Functions.cpp), so a pointer of its declared type cannot
// point at it: taking its address is an error at the name, not a C++
// error in the rewritten program. Calls by name, also through parentheses,
// are fine.
// RUN: %clang_verify %s
constexpr int N = 8;
double A[N];
#pragma hpf distribute A(block)

void bump(double (&W)[N]) {
#pragma hpf independent
  for (int i = 0; i < N; i++)
    W[i] += 1;
}
void plain(double (&W)[N]) { W[0] = 1; }

int main() {
  void (*Bump)(double (&)[N]) = bump; // expected-error {{the address of 'bump' is taken, but its parameter 'W' takes distributed arrays (it becomes an hpf::darray, so a pointer of the declared type would not match): call the function by its name}}
  auto *Also = &bump;                 // expected-error {{the address of 'bump' is taken}}
  void (*Plain)(double (&)[N]) = plain;
  double B[N] = {};
  Plain(B);
  (void)Bump;
  (void)Also;
  bump(A);
  (bump)(A);
  return 0;
}
