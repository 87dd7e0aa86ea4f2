// hpfcc defines __HPFCC__ and puts the runtime's headers on the include path
// in both steps (rewriting and compiling); driver.test compiles this.
#ifndef __HPFCC__
#error "hpfcc must define __HPFCC__"
#endif
#include "mpi/Env.h"
int processors() { return hpf::nranks(); }
