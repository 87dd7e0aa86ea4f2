// Classes that own distributed arrays: a distribute directive in the class
// body maps a member of every object; member functions run independent
// loops over it, read and write its elements in replicated code and swap
// it with another member. Objects at namespace scope, in a function (two
// of one class) and on the heap.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// RUN: %hpfcc -std=c++20 --hpf-emit-source %s | %strip_checks | FileCheck %s --check-prefix=SRC
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>
#include <memory>
#include <utility>
#include <vector>

struct Rod {
  static constexpr int N = 1000;
  double T[N], Next[N];
  // SRC: /* 'T' is declared at its distribute directive */ /* 'Next' is declared at its distribute directive */
  int Steps = 0;
#pragma hpf distribute T(block)
  // SRC: mutable hpf::darray<double> T{1000, hpf::block(), hpf::processors::all(), "{{.*}}"};
#pragma hpf distribute Next(block)
  explicit Rod(double Left) {
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      T[i] = 0;
    T[0] = Left;
    T[N - 1] = 1;
  }
  void sweep() {
    Next[0] = T[0];
    Next[N - 1] = T[N - 1];
#pragma hpf independent
    for (int i = 1; i < N - 1; ++i)
      Next[i] = 0.5 * (T[i - 1] + T[i + 1]);
    std::swap(T, Next);
    // SRC: hpfcc::algo::swap_arrays("{{.*}}", T, Next);
    ++Steps;
  }
  double total() const {
    double s = 0;
#pragma hpf independent reduction(+ : s)
    for (int i = 0; i < N; ++i)
      s += T[i];
    return s;
  }
  // Another object's elements, and this->, in replicated code.
  double diff(const Rod &O, int k) const { return T[k] - O.T[k]; }
  void pin(double V) { this->T[1] = V; }
  void show(int k) const {
    std::printf("step %d T[%d] = %.6f\n", Steps, k, T[k]);
  }
};

// A second class: a 2-D member distributed by rows, a member function
// defined outside the class body.
struct Grid {
  static constexpr int R = 12, C = 9;
  float M[R][C];
#pragma hpf distribute M(cyclic, *)
  void fill(float Base);
  float trace() const {
    float t = 0;
    for (int k = 0; k < C; ++k)
      t += M[k][k];
    return t;
  }
};

void Grid::fill(float Base) {
#pragma hpf independent
  for (int i = 0; i < R; ++i)
#pragma hpf independent
    for (int j = 0; j < C; ++j)
      M[i][j] = Base + i * C + j;
}

// std::vector members: sized by each constructor's member initializer, or
// by a default member initializer; size() through the object.
struct Field {
  std::vector<double> U;
#pragma hpf distribute U(block)
  // SRC: mutable hpf::darray<double> U;
  std::vector<double> W = std::vector<double>(50, 2.5);
#pragma hpf distribute W(cyclic)
  int n;
  explicit Field(int n) : U(n), n(n) {}
  // SRC: explicit Field(int n) : U{static_cast<hpf::index_t>(n), hpf::block(), hpf::processors::all(), "{{.*}}"}, n(n) {}
  Field(int n, double v) : U(n, v), n(n) {}
  void scale(double a) {
#pragma hpf independent
    for (int i = 0; i < n; ++i)
      U[i] = U[i] * a + i;
  }
  double sum() const {
    double s = 0;
#pragma hpf independent reduction(+ : s)
    for (int i = 0; i < static_cast<int>(U.size()); ++i)
      s += U[i];
    double w = 0;
#pragma hpf independent reduction(+ : w)
    for (int i = 0; i < 50; ++i)
      w += W[i];
    return s + w;
  }
};

// A mapping read from a member that the constructor sets (declared before
// the directive: members are initialized in declaration order), and a
// derived class whose member functions use the base's members.
struct Cyc {
  static constexpr int N = 30;
  int K;
  double T[N], S[N];
#pragma hpf distribute T(cyclic(K))
#pragma hpf distribute S(cyclic(K))
  explicit Cyc(int k) : K(k) {
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      T[i] = i * K;
#pragma hpf independent
    for (int i = 1; i < N; ++i)
      S[i] = T[i] + T[i - 1];
  }
  double total() const {
    double s = 0;
#pragma hpf independent reduction(+ : s)
    for (int i = 0; i < N; ++i)
      s += S[i];
    return s;
  }
};

struct Derived : Cyc {
  Derived() : Cyc(3) {}
  double first() const { return T[1] + S[2]; }
  void bump() {
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      T[i] += 1;
  }
};

Rod Global(2.0);

void run(Rod &R, int Steps) {
  for (int s = 0; s < Steps; ++s)
    R.sweep();
}

int main() {
  run(Global, 50);
  Global.show(1);
  std::printf("global %.6f\n", Global.total());
  Rod Local(3.0), Other(4.0);
  run(Local, 20);
  Other.sweep();
  Local.show(2);
  Other.show(1);
  std::printf("local %.6f other %.6f\n", Local.total(), Other.total());
  auto Heap = std::make_unique<Rod>(5.0);
  for (int s = 0; s < 10; ++s)
    Heap->sweep();
  Heap->show(3);
  std::printf("heap %.6f\n", Heap->total());
  // Elements through the object, outside member functions.
  Global.T[5] = 7.5;
  // SRC: Global.T.set_at("{{.*}}", 5, 7.5);
  Local.T[5] += Global.T[5] * Global.T[5];
  Rod *P = &Other;
  P->T[6] = -1;
  Other.pin(0.25);
  std::printf("%.6f %.6f %.6f %.6f %.6f\n", Global.T[5], Local.T[5],
              (*P).T[6], Global.diff(Local, 5), Other.T[1]);
  Grid G;
  G.fill(0.5f);
  std::printf("trace %.2f\n", G.trace());
  Cyc C1(1), C2(2);
  Derived D;
  D.bump();
  std::printf("%f %f %f %f\n", C1.total(), C2.total(), D.total(), D.first());
  Field F(37), H(20, 1.5);
  F.scale(2);
  H.scale(3);
  F.U[3] = 9;
  std::printf("%.3f %.3f %.3f %zu\n", F.sum(), H.sum(), H.U[4], F.U.size());
  return 0;
}
