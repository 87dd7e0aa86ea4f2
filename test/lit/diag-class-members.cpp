// Distributed members of classes: what stays rejected, and why (at the
// token).
// RUN: %clang_verify %s
#include <utility>
#include <vector>

constexpr int N = 16;

struct Rod {
  double T[N];
#pragma hpf distribute T(block)
  double U[N] = {};
#pragma hpf distribute U(block) // expected-error {{distributed member 'U' cannot have a default member initializer: its elements start zeroed; initialize them in an independent loop in a constructor}}
  double V[N];
#pragma hpf distribute V(cyclic)
#pragma hpf dynamic V // expected-error {{an hpf dynamic directive cannot stand in a class body (only distribute can, for a member); place it at namespace or function scope}}
  static double S[N];
#pragma hpf distribute S(block) // expected-error {{'S' is a static data member: distribute an array declared at namespace scope instead (one array for the program), or a non-static member (one per object)}}

  Rod() : V() {} // expected-error {{distributed member 'V' cannot be initialized in a member initializer list: its elements start zeroed; initialize them in an independent loop in the constructor's body}}
  Rod(int) {}
  double get(int i) const {
    return T[i]; // expected-error-re {{distributed member 'T' is read here, reached from the independent loop at line {{[0-9]+}} through 'get' (called at line {{[0-9]+}}): hpfcc copies what calls in a loop read before the loop, and cannot tell which object's member this is; loop in a member function of 'Rod' that reads 'T[i]' in the loop's body}}
  }
  void remap() {
#pragma hpf redistribute T(cyclic) // expected-error {{distributed member 'T' cannot be redistributed: every object of its class has the mapping of its distribute directive (the analysis knows it in every member function); copy the member into a dynamic array to remap it}}
  }
  const double *first() const {
    return this->T; // expected-error {{distributed array 'T' can only be used as 'T[i]' in an independent loop over i or as an element 'T[k]' in other code}}
  }
  double same(const Rod &O) const { return O.T[1] + this->T[2]; }
};

struct Vectors {
  std::vector<double> A;
#pragma hpf distribute A(block)
  std::vector<double> B = std::vector<double>(8);
#pragma hpf distribute B(block)
  Vectors(int n) : A(n) {}
  Vectors() : B(4) {} // expected-error {{this constructor of 'Vectors' must size distributed std::vector member 'A' ('std::vector<double> A = std::vector<double>(n);' or 'A(n)' in every constructor's member initializer list): the size is part of the mapping and cannot change afterwards}} expected-error {{distributed std::vector member 'B' is sized by its default member initializer: its size is part of the mapping, given once}}
};

struct Unsized {
  std::vector<double> C;
#pragma hpf distribute C(block) // expected-error {{distributed std::vector member 'C' needs its size ('std::vector<double> C = std::vector<double>(n);' or 'C(n)' in every constructor's member initializer list)}}
};

union Either {
  double D[N];
#pragma hpf distribute D(block) // expected-error {{a member of a union cannot be distributed (its storage is shared with the other members); make it a struct or class}}
  long L[N];
};

template <int K> struct Box {
  double B[K];
#pragma hpf distribute B(block) // expected-error {{members of class templates cannot be distributed yet; write the class for the element type and extent it is used with}}
};

#pragma hpf processors P(2)

struct Procs {
#pragma hpf processors Q(2) // expected-error {{an hpf processors directive cannot stand in a class body (only distribute can, for a member); place it at namespace or function scope}}
  double W[N];
#pragma hpf distribute W(block) onto P
};

Rod &make();

struct Holder {
  Rod R;
};
struct Heir : Rod {};
void copies(const Holder &H, Heir &E) {
  Holder H2 = H; // expected-error {{copying an object of class 'Holder' is not supported: its member 'Rod::T' is distributed}}
  Heir E2(E); // expected-error {{copying an object of class 'Heir' is not supported: its member 'Rod::T' is distributed}}
  (void)H2;
  (void)E2;
}

int main() {
  Rod A(1);
  Rod B = A; // expected-error {{copying an object of class 'Rod' is not supported: its member 'T' is distributed (each object owns its own mapped parts); pass the object by reference or pointer, or allocate it once (std::make_unique)}}
  Rod C = std::move(A); // expected-error {{moving an object of class 'Rod' is not supported}}
  B = C; // expected-error {{copying an object of class 'Rod' is not supported}}
  double x = A.T[3];
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A.T[i] = i; // expected-error {{distributed member 'T' is used through an object here: only its elements ('obj.T[k]') can be read and written that way outside independent loops}}
  double G[N];
#pragma hpf distribute G(block)
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    G[i] = A.get(i); // expected-note {{called here from the independent loop at line}}
  x += make().T[0]; // expected-error {{distributed member 'T' is used through an object that is not named by a variable: bind the object to a reference first ('auto &r = ...; r.T[k]')}}
  Box<N> Bx;
  Procs Pr;
  (void)Bx;
  (void)Pr;
  return static_cast<int>(x + *B.first());
}
