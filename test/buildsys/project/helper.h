// Shared by both sources of the demo. `inherit` tells both files that
// weighted_sum's A is a distributed array (its mapping comes with it), so
// main.cpp may pass its distributed array to a function of helper.cpp.
#ifndef DEMO_HELPER_H
#define DEMO_HELPER_H
double weight(int i);
#pragma hpf inherit A
double weighted_sum(const double *A, int n);
#endif
