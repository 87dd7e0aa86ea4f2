// Shared by both sources of the demo.
#ifndef DEMO_HELPER_H
#define DEMO_HELPER_H
double weight(int i);
#endif
