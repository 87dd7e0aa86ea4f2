// Two translation units: this one distributes, the other is plain C++.
#include <cstdio>
double scale(double x); // multi-helper.cpp
#pragma hpf processors P(*)
double A[30];
#pragma hpf distribute A(cyclic(4)) onto P
int main() {
  double s = 0;
#pragma hpf independent reduction(+ : s)
  for (int i = 0; i < 30; ++i) {
    A[i] = scale(i);
    s += A[i];
  }
  std::printf("multi: %.0f\n", s);
}
