// What an independent loop changes through the functions and lambdas it
// calls (analysis/loops/LoopEffects.cpp, asking analysis/effects/): each write to
// a variable declared outside the loop is an error at the write, with a note
// at the call in the loop; changes in the body that are not assignments (a
// non-const reference argument) too. A call the compiler cannot follow gets
// a warning saying what is assumed, unless it is declared [[gnu::pure]] or
// [[gnu::const]].
// RUN: %clang_verify %s
#include <random>

constexpr int N = 8;
double X[N], Y[N];
#pragma hpf distribute X(block)
#pragma hpf distribute Y(block)

long calls;
double counted(int i) {
  ++calls; // expected-error {{'calls' is written here, reached from the independent loop at line 80 through 'counted' (called at line 81): each rank would keep a different value}}
  return i;
}
int seen[N];
void note(int i) { seen[i] = 1; } // expected-error {{'seen' is written here, reached from the independent loop at line 80 through 'note' (called at line 82)}}
std::mt19937 gen(42);
double draw() {
  return std::uniform_real_distribution<double>(0, 1)(gen); // expected-error {{'gen' is written here, reached from the independent loop at line 80 through 'draw' (called at line 83)}}
}
// Through two calls, one of them recursive.
long depth;
double down(int k);
double up(int k) { return k <= 0 ? 0.0 : down(k - 1); }
double down(int k) {
  depth = k; // expected-error {{'depth' is written here, reached from the independent loop at line 80 through 'up' (called at line 84) -> 'down' (called at line 30)}}
  return up(k);
}
// A constructor and a destructor run by the loop.
long made, gone;
struct Probe {
  Probe() { ++made; } // expected-error {{'made' is written here}}
  ~Probe() { ++gone; } // expected-error {{'gone' is written here}}
  double v = 1;
};
// An override reached through a virtual call.
long virt;
struct Base {
  virtual double f(int i) const { return i; }
  virtual ~Base() = default;
};
struct Derived : Base {
  double f(int i) const override {
    ++virt; // expected-error {{'virt' is written here}}
    return i;
  }
};
const Base &pick() {
  static Derived D;
  return D;
}
void bump(long &c) { ++c; }
// Calls the compiler cannot follow.
double elsewhere(int i);
[[gnu::pure]] double pureElsewhere(int i);
// Not errors: a function that writes only its own variables, a lambda that
// writes the loop's own variables, a const reference argument.
double own(int i) {
  double t = i;
  t *= 2;
  return t;
}
double twice(const long &c) { return 2.0 * double(c); }
// A read through a call of an array the loop writes.
double peek(int k) { return X[k]; } // expected-error {{'X' is read here, reached from the independent loop at line 102 through 'peek' (called at line 103), and the loop writes it}}

int main() {
  long n = 0, bumped = 0;
  auto g = [&](int i) {
    ++n; // expected-error {{'n' is written here, reached from the independent loop at line 80 through the lambda of line 75 (called at line 85)}}
    return 2.0 * i;
  };
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    Y[i] = counted(i); // expected-note {{called here from the independent loop at line 80}}
    note(i); // expected-note {{called here from the independent loop at line 80}}
    Y[i] += draw(); // expected-note {{called here from the independent loop at line 80}}
    Y[i] += up(i); // expected-note {{called here from the independent loop at line 80}}
    Y[i] += g(i); // expected-note {{called here from the independent loop at line 80}}
    Probe p; // expected-note 2 {{called here from the independent loop at line 80}}
    Y[i] += p.v + pick().f(i); // expected-note {{called here from the independent loop at line 80}} expected-warning {{this independent loop reaches a virtual call: hpfcc assumes it changes nothing declared outside the loop and does no I/O}}
    bump(bumped); // expected-error {{'bumped' is declared outside the independent loop at line 80 and may be changed here}}
    Y[i] += own(i) + twice(bumped);
    long mine = 0;
    auto h = [&] { ++mine; };
    h();
    Y[i] += double(mine);
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    Y[i] = elsewhere(i) + pureElsewhere(i); // expected-warning {{this independent loop reaches a call of 'elsewhere', defined in another file: hpfcc assumes it changes nothing declared outside the loop and does no I/O}}
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    Y[i] = pureElsewhere(i);
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    X[i] = peek(N - 1 - i); // expected-note {{called here from the independent loop at line 102}}
  return int(X[0]);
}
