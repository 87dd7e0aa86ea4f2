// Declarations of functions that diag-prototypes.cpp defines: hpfcc
// rewrites only the main file, so it cannot give these the parameter's new
// type.
constexpr int N = 16;
void declaredInHeader(double (&A)[N]); // expected-note {{also declared here}}
double readInHeader(const double *A, int n); // expected-note {{also declared here}}
