// Functions of another file (compiled without hpfcc) that print, as NAS's
// common/c_print_results.cpp does: e2e-unseen-output.cpp calls them from
// replicated code.
#include <cstdio>
#include <iostream>

void report(const char *Name, double Value) {
  std::printf(" %s = %g\n", Name, Value);
  std::cout << " (also through std::cout) " << Name << std::endl;
}

int bumped(int X) {
  std::fprintf(stderr, "bumped %d\n", X);
  std::printf(" bumping %d\n", X);
  return X + 1;
}
