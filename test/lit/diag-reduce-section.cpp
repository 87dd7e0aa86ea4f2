// Array sections in reduction clauses (test/lit/e2e-reduce-section.cpp)
// name the elements of a pointer to numbers: anything else is an error at
// the clause's token saying what to write.
// RUN: %clang_verify %s
#include <vector>

constexpr int N = 8;
double A[N][N];
#pragma hpf distribute A(block, *)

void whole(double *p, const double *c, double fixed[4], long n) {
  double local[4] = {0, 0, 0, 0};
  std::vector<double> v(4);
#pragma hpf independent reduction(+ : p) // expected-error {{reduction variable 'p' must have an arithmetic type or be a fixed-size array of one (as in OpenMP), not 'double *' (for the elements it points to, give them as an array section: 'p[first : length]')}}
  for (int i = 0; i < N; i++)
    p[0] += A[i][0];
#pragma hpf independent reduction(+ : local[0 : 4]) // expected-error {{an array section 'local[first : length]' in a reduction names the elements a pointer to numbers points to; 'local' is 'double[4]' (reduce it whole: drop the section)}}
  for (int i = 0; i < N; i++)
    local[i % 4] += A[i][1];
#pragma hpf independent reduction(+ : c[0 : 4]) // expected-error {{an array section 'c[first : length]' in a reduction names the elements a pointer to numbers points to; 'c' is 'const double *'}}
  for (int i = 0; i < N; i++)
    fixed[0] += c[i % 4];
#pragma hpf independent reduction(+ : fixed[0 : 1.5]) // expected-error {{the section's length must be an integer, not 'double'}}
  for (int i = 0; i < N; i++)
    fixed[0] += A[i][2];
#pragma hpf independent reduction(+ : fixed[0 : n]) reduction(max : fixed[1 : 1]) // expected-error {{'fixed' appears in more than one reduction}}
  for (int i = 0; i < N; i++)
    fixed[0] += A[i][3];
  for (double &x : v)
    x = 1;
}

int main() {
  double p[4] = {}, f[4] = {};
  whole(p, p, f, 4);
}
