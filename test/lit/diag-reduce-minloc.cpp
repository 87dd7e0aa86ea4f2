// MINLOC/MAXLOC loops: what is refused, each at the token that is wrong
// and saying why. The if that updates a min or max reduction with its
// location runs depending on the iterations before it, which run on other
// ranks: it may hold only `best = v` (v the compared value) and assignments
// of location variables declared before the loop.
// RUN: %clang_verify %s
#include <algorithm>

constexpr int N = 64;
#pragma hpf processors P(4)
double A[N], B[N];
#pragma hpf distribute A(block) onto P
#pragma hpf distribute B(block) onto P

int count;
double other;
void g(int) {}

void f() {
  double best = 1e9;
  int where = -1, wj = -1;
  int loc[2] = {};
  float fbest = 1e9f;
  const char *name = nullptr;

#pragma hpf independent reduction(min : best)
  for (int i = 0; i < N; ++i)
    if (A[i] < best) {
      best = A[i];
      where = i;
    } else { // expected-error {{the if that updates 'best' with its location cannot have an else branch: whether an iteration passes the test depends on the iterations before it, which run on other ranks}}
      B[i] = 0;
    }

#pragma hpf independent reduction(min : best)
  for (int i = 0; i < N; ++i)
    if (A[i] < best) {
      best = A[i];
      where = i;
      g(i); // expected-error {{only assignments to 'best' and to variables recording its location ('where = i') may be in the if that updates it}}
    }

#pragma hpf independent reduction(min : best)
  for (int i = 0; i < N; ++i)
    if (A[i] < best) {
      best = A[i];
      ++count; // expected-error {{only assignments to 'best' and to variables recording its location ('where = i') may be in the if that updates it: whether the if runs depends on the iterations before it, which run on other ranks}}
    }

#pragma hpf independent reduction(min : best)
  for (int i = 0; i < N; ++i)
    if (A[i] < best) {
      best = B[i]; // expected-error {{'best' is assigned 'B[i]' but the condition compares 'A[i]' with it: the if must assign the value it compares}}
      where = i;
    }

#pragma hpf independent reduction(min : best)
  for (int i = 0; i < N; ++i)
    if (A[i] > best) { // expected-error {{this comparison keeps the larger value, a maximum, but 'best' is in reduction(min: ...); declare it in reduction(max: best)}}
      best = A[i];
      where = i;
    }

#pragma hpf independent reduction(min : best)
  for (int i = 0; i < N; ++i)
    if (A[i] < best && B[i] > 0) { // expected-error {{the condition of the if that assigns 'best' must be only the comparison of the assigned value with 'best' ('v < best'); test other conditions in an if around it}}
      best = A[i];
      where = i;
    }

#pragma hpf independent reduction(min : best)
  for (int i = 0; i < N; ++i) {
    int w = 0;
    if (A[i] < best) {
      best = A[i];
      w = i; // expected-error {{'w' is declared inside the loop: the location of 'best' is recorded in a variable declared before the loop (the ranks combine those after it)}}
    }
    B[i] = w;
  }

#pragma hpf independent reduction(min : best)
  for (int i = 0; i < N; ++i)
    if (A[i] < best) {
      best = A[i];
      loc[0] = i; // expected-error {{record the location of 'best' in a scalar variable declared before the loop ('where = i'): hpfcc combines only such variables with it}}
    }

#pragma hpf independent reduction(min : best, where)
  for (int i = 0; i < N; ++i)
    if (A[i] < best) {
      best = A[i];
      where = i; // expected-error {{'where' is in a reduction clause, but it records the location of 'best': remove it from the clause (a location needs none)}}
    }

#pragma hpf independent reduction(min : fbest)
  for (int i = 0; i < N; ++i)
    if (A[i] < fbest) {
      fbest = A[i]; // expected-error {{the compared value has type 'double', which 'fbest' ('float') cannot hold exactly}}
      where = i;
    }

#pragma hpf independent reduction(min : best)
  for (int i = 0; i < N; ++i) {
    if (A[i] < best) {
      best = A[i];
      where = i;
    }
    B[i] = where; // expected-error {{'where' records the location of 'best' (the if at line}}
  }

#pragma hpf independent reduction(min : best)
  for (int i = 0; i < N; ++i) {
    best = std::min(best, B[i]); // expected-error {{'best' records its location in the if at line}}
    if (A[i] < best) {
      best = A[i];
      where = i;
    }
  }

#pragma hpf independent reduction(min : best)
  for (int i = 0; i < N; ++i) {
    if (A[i] < best) {
      best = A[i];
      where = i;
    }
    if (B[i] < best) { // expected-error {{'best' is updated with its location by the if at line}}
      best = B[i];
      wj = i;
    }
  }

#pragma hpf independent reduction(min : best)
  for (int i = 0; i < N; ++i)
    if (A[i] < best) {
      best = A[i];
      name = "A"; // expected-error {{'name' records the location of 'best' and must be a number, not 'const char *'}}
    }

#pragma hpf independent reduction(min : best)
  for (int i = 0; i < N; ++i)
    if (B[i] > 0)
      best = A[i]; // expected-error {{this update of 'best' does not match its reduction operator 'min' (to record where the minimum is, assign it in the if that compares it: 'if (v < best) { best = v; where = i; }')}}

  (void)other;
}
