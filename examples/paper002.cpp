// hpfcc example: the HPF-2 GEN_BLOCK program of Wang, Guo & Wei, "A
// Divide-and-Conquer Algorithm for Irregular Redistribution in
// Parallelizing Compilers" -- paper 002, section 1 -- line by line in C++.
//
// The paper's program (Fortran with HPF-2 directives), and where each line
// went:
//
//         PARAMETER (S = /3, 5, 9, 4, 13, 4, 2/)   -> constexpr int S[7]
//   !HPF$ PROCESSORS P(7)                          -> #pragma hpf processors P(7)
//         REAL A(40), B(40), new(7)                -> float A[40]; float B[40]; New
//   !HPF$ DISTRIBUTE A( GEN_BLOCK (S) ) ONTO P     -> #pragma hpf distribute
//   !HPF$ DYNAMIC B                                -> #pragma hpf dynamic A (*)
//         new = /2, 5, 3, 6, 8, 6, 10/             -> New = {...} (run time)
//   !HPF$ REDISTRIBUTE A( GEN_BLOCK(new) )         -> #pragma hpf redistribute
//
// (*) The paper declares B dynamic but redistributes A; HPF only allows
//     REDISTRIBUTE of a DYNAMIC array (hpfcc enforces it: without `dynamic
//     A` the redistribute is an error with a fix-it), so A is the dynamic
//     one. B stays an ordinary (replicated) array, as in the paper unused
//     by the directives.
//
// Fortran's A(1:40) is A[0..39] here. Before: A(1:3) on P0, A(4:8) on P1,
// ..., A(39:40) on P6; after: A(1:2) on P0, A(3:7) on P1, ... The paper's
// Fig. 2 lists the 13 messages (m1..m13) of this redistribution; a
// schedule needs at least 3 steps (P4 sends 3 messages) and costs at least
// 13 element units (P4 sends 3 + 6 + 4); the run-time plan (scheduler auto)
// reaches both.
//
// `new` is a variable assigned at run time in the paper, so the plan is
// made at run time (-Rhpf says so); `hpf-plan --src 'gen_block(3,5,9,4,13,
// 4,2)' --dst 'gen_block(2,5,3,6,8,6,10)'` prints the same plan offline
// (add `--scheduler dca` for the paper's own algorithm).
//
//   hpfcc -Rhpf examples/paper002.cpp -o paper002 && mpiexec.mpich -n 7 ./paper002
//   clang++ examples/paper002.cpp && ./a.out           # sequential: same output
#include <array>
#include <cstdio>

[[maybe_unused]] constexpr int S[7] = {3, 5, 9, 4, 13, 4, 2}; // PARAMETER
                                                              // (S = /.../)
#pragma hpf processors P(7)
float A[40];            // REAL A(40), B(40), new(7): a distributed array
float B[40];            // is declared on its own (hpfcc requires it)
std::array<int, 7> New; // `new` is a C++ keyword; sizes are integers
#pragma hpf distribute A(gen_block(S)) onto P
#pragma hpf dynamic A

int main() {
  // Give A(i) the value i (1-based, as in Fortran) so that a misplaced
  // element shows.
#pragma hpf independent
  for (int i = 0; i < 40; ++i)
    A[i] = static_cast<float>(i + 1);
  for (int i = 0; i < 40; ++i)
    B[i] = static_cast<float>(40 - i);

  New = {2, 5, 3, 6, 8, 6, 10}; // new = /2, 5, 3, 6, 8, 6, 10/
#pragma hpf redistribute A(gen_block(New))

  // After the redistribution A(i) must still be i, wherever it lives now.
  int Misplaced = 0;
  float Dot = 0;
#pragma hpf independent reduction(+ : Misplaced, Dot)
  for (int i = 0; i < 40; ++i) {
    Misplaced += A[i] != static_cast<float>(i + 1) ? 1 : 0;
    Dot += A[i] * B[i]; // exact: small integers
  }
  std::printf("A(1:40) under GEN_BLOCK(new) = /2,5,3,6,8,6,10/: %d "
              "misplaced, sum A(i)*B(i) = %.0f\n",
              Misplaced, Dot);
  return Misplaced == 0 ? 0 : 1;
}
