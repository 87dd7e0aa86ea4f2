// Included by main.cpp only: touching it must rebuild main.cpp's object
// alone.
#ifndef DEMO_PARAMS_H
#define DEMO_PARAMS_H
constexpr int N = 48;
#endif
