// Struct elements of distributed arrays: what stays rejected, and why.
// RUN: %clang_verify %s
#include <string>

struct Vec {
  double a, b;
  double norm() const { return a * a + b * b; }
  void scale(double f) { a *= f; }
  const double &first() const { return a; }
};
struct Named {
  std::string name;
  double x;
};
struct WithInit {
  double x = 1;
};

Vec V[10];
#pragma hpf distribute V(block)
Named S[10];
#pragma hpf distribute S(block) // expected-error {{elements of a distributed array must be trivially copyable and not const ('Named')}}
WithInit W[10];
#pragma hpf distribute W(block) // expected-error {{elements of 'W' are initialized by the default constructor of 'WithInit' (a default member initializer or a user-provided constructor): distributed elements start zeroed; initialize them in an independent loop}}

void take(double &);
void f(int k) {
  V[k].a = 1;
  V[k].b += V[k + 1].a;
  V[k].a++; // expected-error {{'++'/'--' on an element of distributed array 'V' is not supported; write 'V[k].field += 1'}}
  double *p = &V[k].a; // expected-error {{element of distributed array 'V' can only be read, assigned ('=', 'op=') or extracted into ('in >> A[k]'), whole or field by field, outside independent loops (no address, reference or member function call)}}
  take(V[k].b); // expected-error {{element of distributed array 'V' can only be read, assigned}}
  double n = V[k].norm(); // a const member returning a value: a read of a copy
  V[k].scale(2); // expected-error {{element of distributed array 'V' can only be read, assigned}}
  n += V[k].first(); // expected-error {{element of distributed array 'V' can only be read, assigned}}
  n = V[k].a = 2; // expected-error {{the value of an assignment to an element of distributed array 'V' cannot be used (not supported yet)}}
  (void)p;
  (void)n;
}

void g() {
#pragma hpf independent
  for (int i = 0; i < 9; ++i)
    V[i].a = V[i + 1].norm(); // expected-error {{subscript of distributed array 'V' must be the loop index 'i' where it is written (other subscripts can only be read)}}
}
