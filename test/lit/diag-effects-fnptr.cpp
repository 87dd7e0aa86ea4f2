// A call through a function pointer in an independent loop may run any
// function of the file whose address is taken and whose type it has
// (analysis/effects/): a write in one of them is an error at the write, as
// for a direct call; the warning about code of other files it may reach
// stays.
// RUN: %clang_verify %s

constexpr int N = 8;
double Y[N];
#pragma hpf distribute Y(block)

int hits;
double quiet(int i) { return i; }
double loud(int i) {
  ++hits; // expected-error {{'hits' is written here, reached from the independent loop at line 39 through 'loud' (called at line 40)}}
  return -i;
}
long bumps;
struct Tools {
  static double bump(int i) {
    ++bumps; // expected-error {{'bumps' is written here, reached from the independent loop at line 39 through 'bump' (called at line 40)}}
    return i;
  }
};
// Named, but of another type: not a callee of `double (*)(int)`.
long other;
void unrelated(long v) { other = v; }
// Never named other than by a direct call: not a callee either.
long direct;
double called(int i) {
  ++direct;
  return i;
}

int main(int argc, char **) {
  double (*f)(int) = argc > 5 ? quiet : argc > 4 ? &Tools::bump : loud;
  void (*g)(long) = unrelated;
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    Y[i] = f(i); // expected-note 2 {{called here from the independent loop at line 39}} expected-warning {{this independent loop reaches a call through a pointer: hpfcc assumes}}
  g(1);
  return int(called(0)) + hits;
}
