// Stream extraction into elements of distributed arrays in replicated code
// (`in >> A[k]`): the element is read (its owner broadcasts), extracted
// into on every rank (replicated input gives every rank the same
// characters) and stored by its owner. Chained (`in >> A[i] >> A[j]`), in
// a `while` condition, a field of a struct element, a 2-D array, a
// distributed std::vector, an std::istringstream, std::cin and an
// std::ifstream, a failed extraction (a letter where a number is due: the
// element becomes 0) and one from a stream already failed (the element is
// left as it was), as the sequential program does.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 --stdin %S/Inputs/stream-elements.txt %s | FileCheck %s
// RUN: %hpfcc --hpf-emit-source %s 2>/dev/null | FileCheck %s --check-prefix=CODE
// CHECK: e2e: sequential output: cin 3 1.5 -2 4.25 7 8.5 9 10 11 12 13
// CHECK-NEXT: vector 4 11
// CHECK-NEXT: fields 30 row 5678
// CHECK-NEXT: failed 6 7 0 -1 0
// CHECK-NEXT: file 6
// CHECK: e2e: -n 1: same output
// CHECK: e2e: -n 2: same output
// CHECK: e2e: -n 3: same output
// CHECK: e2e: -n 4: same output
// CODE: hpf::in() >> A.extract_at("{{.*}}", 0);
// CODE: hpf::in() >> A.extract_at("{{.*}}", i) >> A.extract_at("{{.*}}", i + 1);
// CODE: in >> S.extract_part_at("{{.*}}", [](auto &__hpf_e) -> auto & { return __hpf_e.y; }, k)
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

constexpr int N = 11;
struct Pt {
  double x, y;
};
#pragma hpf processors P(*)
double A[N];
Pt S[4];
int M[2][4];
#pragma hpf distribute A(cyclic) onto P
#pragma hpf distribute S(block) onto P
#pragma hpf distribute M(*, block) onto P

int main() {
  std::cin >> A[0];
  for (int i = 1; i + 1 < N; i += 2)
    std::cin >> A[i] >> A[i + 1];
  std::cout << "cin";
  for (int i = 0; i < N; ++i)
    std::cout << ' ' << A[i];
  std::cout << '\n';

  std::vector<double> V(4);
#pragma hpf distribute V(block) onto P
  int k = 0;
  while (k < 4 && std::cin >> V[k])
    ++k;
  std::cout << "vector " << k << ' ' << V[0] + V[1] + V[2] + V[3] << '\n';

  std::istringstream in("1 2 3 4 5 6 7 8");
  for (int k = 0; k < 4; ++k)
    in >> S[k].y;
  for (int j = 0; j < 4; ++j)
    in >> M[1][j];
  double sy = 0;
  for (int k = 0; k < 4; ++k)
    sy += S[k].y * (k + 1) + S[k].x;
  std::cout << "fields " << sy << " row " << M[1][0] << M[1][1] << M[1][2]
            << M[1][3] << '\n';

  // "6 7" then "x": the third extraction fails and stores 0; the stream
  // has failed, so the fourth leaves A[3] as it was.
  A[2] = -1;
  A[3] = -1;
  std::cin >> M[0][0] >> M[0][3] >> A[2] >> A[3];
  std::cout << "failed " << M[0][0] << ' ' << M[0][3] << ' ' << A[2] << ' '
            << A[3] << ' ' << bool(std::cin) << '\n';

  {
    std::ofstream out("stream-elements.tmp");
    out << "2.5 3.5\n";
  }
  std::ifstream file("stream-elements.tmp");
  file >> A[5] >> A[6];
  std::cout << "file " << A[5] + A[6] << '\n';
  std::remove("stream-elements.tmp");
}
