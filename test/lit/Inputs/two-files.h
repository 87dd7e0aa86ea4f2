// The header both files of e2e-two-files.cpp include: each function whose
// parameters take distributed arrays says so with `inherit` before its
// declaration, so that the file that defines it and the files that call it
// agree on the parameter's type (an hpf::darray with hpfcc).
#ifndef TWO_FILES_H
#define TWO_FILES_H
#include <vector>

constexpr int N = 40;
constexpr int R = 6, C = 5;

namespace kern {
#pragma hpf inherit x
double total(const double *x, int n, double scale = 1.0);

#pragma hpf inherit A, B
void axpy(double a, const double (&A)[N], double (&B)[N]);

#pragma hpf inherit M
double trace(const double (&M)[R][C]);

#pragma hpf inherit v
void ramp(std::vector<double> &v, double step);

// No directive: plain arrays only.
double first(const double *x);
} // namespace kern

#endif
