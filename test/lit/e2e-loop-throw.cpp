// An exception that leaves an independent loop leaves it on every rank: the
// ranks agree after the loop on the first iteration in the loop's order that
// threw (mpi/LoopException.h), and its exception is thrown on every rank, so
// the program's catch runs as in the sequential build. Cases: a
// std::runtime_error from a helper, block rows; an int over cyclic
// iterations, two of which throw (the first in order wins); a loop counting
// down; a 2-D nest; a throw that no iteration reaches (the loop ends as
// usual and its reduction is combined).
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 %s | FileCheck %s
// CHECK: e2e: sequential output: caught: negative value at 13
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
#include <cstdio>
#include <stdexcept>
#include <string>

constexpr int N = 20, R = 6, C = 5;
double X[N], Y[N], Z[N];
#pragma hpf distribute X(block)
#pragma hpf distribute Y(block)
#pragma hpf distribute Z(cyclic)
double M[R][C];
#pragma hpf distribute M(block, *)

double check(double v, int i) {
  if (v < 0)
    throw std::runtime_error("negative value at " + std::to_string(i));
  return v;
}

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    X[i] = i == 13 ? -1.0 : i;
  try {
#pragma hpf independent
    for (int i = 0; i < N; ++i)
      Y[i] = check(X[i], i);
    std::printf("all fine\n");
  } catch (const std::exception &e) {
    std::printf("caught: %s\n", e.what());
  }
  try {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      if (i == 7 || i == 14)
        throw i * 100;
      Z[i] = i;
    }
  } catch (int v) {
    std::printf("caught int %d\n", v);
  }
  try {
#pragma hpf independent
    for (int i = N - 1; i >= 0; --i) {
      if (i == 3 || i == 16)
        throw std::out_of_range("down at " + std::to_string(i));
      Z[i] = i;
    }
  } catch (const std::out_of_range &e) {
    std::printf("caught %s\n", e.what());
  }
  try {
#pragma hpf independent
    for (int i = 0; i < R; ++i)
#pragma hpf independent
      for (int j = 0; j < C; ++j) {
        if ((i == 2 && j == 3) || (i == 4 && j == 1))
          throw std::string("nest at " + std::to_string(i) + "," +
                            std::to_string(j));
        M[i][j] = i + j;
      }
  } catch (const std::string &s) {
    std::printf("caught %s\n", s.c_str());
  }
  double s = 0;
  try {
#pragma hpf independent reduction(+: s)
    for (int i = 0; i < N; ++i)
      s += check(i, i);
  } catch (...) {
    std::printf("not reached\n");
  }
  std::printf("sum %.1f\n", s);
}
