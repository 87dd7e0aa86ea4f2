// Functions with bodies in a header, for e2e-unseen-output.cpp: hpfcc sees
// them but rewrites the main file only.
#include <cstdio>
inline void shout(const char *What) { std::printf("shout: %s\n", What); }
inline double twice(double X) { return 2 * X; }
