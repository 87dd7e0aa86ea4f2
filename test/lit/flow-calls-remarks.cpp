// The flow walk asks the effects analysis what a statement may run: a
// redistribute reached only through a destructor, a lambda handed to the
// library or stored in a std::function, a member initializer, a virtual
// call or a default argument leaves the array's mapping unknown after it,
// so the next redistribute is planned at run time (not removed or planned
// for the mapping the array had before). A call through a pointer may run
// only the functions whose address is taken: an array none of them
// redistributes keeps its mapping.
// RUN: %clang_verify -fplugin-arg-hpf-remarks %s
#include <algorithm>
#include <functional>

constexpr int N = 64;
#pragma hpf processors P(4)
double A[N], B[N], C[N], D[N], E[N], F[N], G[N], H[N], X[N], Y[N];
#pragma hpf distribute A(block) onto P // expected-remark {{distribute 'A': block onto P(4), 64 elements of double}}
#pragma hpf distribute B(block) onto P // expected-remark {{distribute 'B': block onto P(4), 64 elements of double}}
#pragma hpf distribute C(block) onto P // expected-remark {{distribute 'C': block onto P(4), 64 elements of double}}
#pragma hpf distribute D(block) onto P // expected-remark {{distribute 'D': block onto P(4), 64 elements of double}}
#pragma hpf distribute E(block) onto P // expected-remark {{distribute 'E': block onto P(4), 64 elements of double}}
#pragma hpf distribute F(block) onto P // expected-remark {{distribute 'F': block onto P(4), 64 elements of double}}
#pragma hpf distribute G(block) onto P // expected-remark {{distribute 'G': block onto P(4), 64 elements of double}}
#pragma hpf distribute H(block) onto P // expected-remark {{distribute 'H': block onto P(4), 64 elements of double}}
#pragma hpf distribute X(block) onto P // expected-remark {{distribute 'X': block onto P(4), 64 elements of double}}
#pragma hpf distribute Y(block) onto P // expected-remark {{distribute 'Y': block onto P(4), 64 elements of double}}
#pragma hpf dynamic A, B, C, D, E, F, G, H, X, Y

// A: the destructor of a local; B: of a temporary.
struct GuardA {
  ~GuardA() {
#pragma hpf redistribute A(cyclic) onto P // expected-remark {{redistribute 'A' plan made at run time: the array's mapping before this point depends on control flow}}
  }
};
struct GuardB {
  ~GuardB() {
#pragma hpf redistribute B(cyclic) onto P // expected-remark {{redistribute 'B' plan made at run time: the array's mapping before this point depends on control flow}}
  }
};

// C: a default member initializer; D: a constructor's member initializer.
int toCyclicC() {
#pragma hpf redistribute C(cyclic) onto P // expected-remark {{redistribute 'C' plan made at run time: the array's mapping before this point depends on control flow}}
  return 1;
}
struct WithDefault {
  int K = toCyclicC();
};
int toCyclicD() {
#pragma hpf redistribute D(cyclic) onto P // expected-remark {{redistribute 'D' plan made at run time: the array's mapping before this point depends on control flow}}
  return 2;
}
struct WithInit {
  int K;
  WithInit() : K(toCyclicD()) {}
};

// E: an override reached by a virtual call.
struct Base {
  virtual void go() {}
};
struct Derived : Base {
  void go() override {
#pragma hpf redistribute E(cyclic) onto P // expected-remark {{redistribute 'E' plan made at run time: the array's mapping before this point depends on control flow}}
  }
};

// F: a default argument.
int toCyclicF() {
#pragma hpf redistribute F(cyclic) onto P // expected-remark {{redistribute 'F' plan made at run time: the array's mapping before this point depends on control flow}}
  return 3;
}
int withDefault(int K = toCyclicF()) { return K; }

// Y: through a pointer; X is redistributed by no function whose address
// is taken.
void toCyclicY() {
#pragma hpf redistribute Y(cyclic) onto P // expected-remark {{redistribute 'Y' plan made at run time: the array's mapping before this point depends on control flow}}
}
void (*Hook)() = toCyclicY;

int main() {
  { GuardA Guard; }
#pragma hpf redistribute A(block) onto P // expected-remark {{redistribute 'A' plan made at run time: the array's mapping before this point depends on control flow}}
  GuardB();
#pragma hpf redistribute B(block) onto P // expected-remark {{redistribute 'B' plan made at run time: the array's mapping before this point depends on control flow}}
  { WithDefault W; }
#pragma hpf redistribute C(block) onto P // expected-remark {{redistribute 'C' plan made at run time: the array's mapping before this point depends on control flow}}
  { WithInit W; }
#pragma hpf redistribute D(block) onto P // expected-remark {{redistribute 'D' plan made at run time: the array's mapping before this point depends on control flow}}
  Derived Obj;
  Base *Ptr = &Obj;
  Ptr->go();
#pragma hpf redistribute E(block) onto P // expected-remark {{redistribute 'E' plan made at run time: the array's mapping before this point depends on control flow}}
  int K = withDefault();
#pragma hpf redistribute F(block) onto P // expected-remark {{redistribute 'F' plan made at run time: the array's mapping before this point depends on control flow}}

  // G: a lambda handed to std::for_each.
  int V[2] = {1, 2};
  std::for_each(V, V + 2, [](int) {
#pragma hpf redistribute G(cyclic) onto P // expected-remark {{redistribute 'G' plan made at run time: the array's mapping before this point depends on control flow}}
  });
#pragma hpf redistribute G(block) onto P // expected-remark {{redistribute 'G' plan made at run time: the array's mapping before this point depends on control flow}}

  // H: a lambda stored in a std::function, called later.
  std::function<void()> Later = [&K] {
    ++K;
#pragma hpf redistribute H(cyclic) onto P // expected-remark {{redistribute 'H' plan made at run time: the array's mapping before this point depends on control flow}}
  };
#pragma hpf redistribute H(block) onto P // expected-remark {{redistribute 'H' plan made at run time: the array's mapping before this point depends on control flow}}
#pragma hpf redistribute H(cyclic(2)) onto P // expected-remark-re {{redistribute 'H' static plan (block onto P(4) -> cyclic(2) onto P(4), 64 elements): {{.*}}}}
  Later();
#pragma hpf redistribute H(cyclic(2)) onto P // expected-remark {{redistribute 'H' plan made at run time: the array's mapping before this point depends on control flow}}

  Hook();
#pragma hpf redistribute X(cyclic) onto P // expected-remark-re {{redistribute 'X' static plan (block onto P(4) -> cyclic onto P(4), 64 elements): {{.*}}}}
#pragma hpf redistribute Y(block) onto P // expected-remark {{redistribute 'Y' plan made at run time: the array's mapping before this point depends on control flow}}
  return K;
}
