// Plain C++ (no directives), compiled through hpfcc all the same.
#include "helper.h"
double weight(int i) { return 1.0 + i % 4; }
