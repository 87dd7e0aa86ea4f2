// `#pragma hpf inherit`: where it may stand, what it may name, and calls
// that do not pass distributed arrays to the parameters it names.
// RUN: %clang_verify %s
constexpr int N = 16;

double X[N];
#pragma hpf distribute X(block)
double Plain[N];

#pragma hpf inherit A // expected-note {{inherit directive here}}
double sum(const double (&A)[N]);

#pragma hpf inherit p // expected-error {{'p' is not a parameter of 'scale' (the function declared next)}}
void scale(double *x, int n); // expected-note {{declared here}}

#pragma hpf inherit n // expected-error {{parameter 'n' of 'count' is 'int': an inherited parameter takes a distributed array as a reference to an array ('T (&n)[N]'), a pointer to its elements ('T *n') or a 'std::vector<T> &'}}
int count(int n);

#pragma hpf inherit A // expected-error {{an inherit directive must stand right before the declaration of the function whose parameters it names, at namespace scope}}
double Other[N];

#pragma hpf inherit A // expected-error {{an inherit directive must stand right before the declaration of the function whose parameters it names, at namespace scope (function templates are not supported)}}
template <class T> void generic(T (&A)[N]);

extern "C" {
#pragma hpf inherit A // expected-error {{'cfun' has C linkage: its parameters cannot become hpf::darrays (declare it with C++ linkage)}}
void cfun(double *A, int n);
}

struct Grid {
#pragma hpf inherit A // expected-error {{an inherit directive must stand right before the declaration of the function whose parameters it names, at namespace scope}}
  void fill(double (&A)[N]);
};

void f() {
#pragma hpf inherit A // expected-error {{an inherit directive must stand right before the declaration of the function whose parameters it names, at namespace scope}}
  double s = sum(X);
  s += sum(Plain); // expected-error {{'sum' takes a distributed array for parameter 'A' ('inherit'), and this argument is not one: with hpfcc the function's parameter is an hpf::darray; distribute the array, or call a function without the directive}}
  (void)s;
}
