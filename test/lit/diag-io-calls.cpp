// A function of the file called in an independent loop is replicated code:
// its I/O goes through rank 0 for every rank. Its output is then written by
// the rank that owns each iteration (a warning at the call, as for output
// in the loop itself); its input and its files are collective operations
// that ranks running different iterations cannot meet in (an error at the
// call naming the operation). Found through calls of calls.
// RUN: %clang_verify %s
#include <cstdio>
#include <fstream>
#include <iostream>
#pragma hpf processors P(2)
int A[8];
#pragma hpf distribute A(block) onto P
std::FILE *Log;

void show(int i) { std::printf("%d\n", i); }
void show2(int i) { std::cout << i << "\n"; }
void indirect(int i) { show(i); }
int readOne() {
  int X = 0;
  return std::scanf("%d", &X) == 1 ? X : -1;
}
int readTwice() { return readOne() + readOne(); }
void logIt(int i) { std::fprintf(Log, "%d\n", i); }
void save(int i) {
  std::ofstream Out("save.txt");
  Out << i;
}
int recurse(int n) { return n > 0 ? recurse(n - 1) : 0; }
int pure(int i) { return 2 * i; }

int main() {
  Log = std::fopen("log.txt", "w");
#pragma hpf independent
  for (int i = 0; i < 8; ++i) {
    show(i);     // expected-warning {{'show' writes output ('printf' at line 16:20): called in an independent loop, its output is written by the rank that owns each iteration, not in the sequential order}}
    show2(i);    // expected-warning {{'show2' writes output ('std::cout' at line 17:26)}}
    indirect(i); // expected-warning {{'indirect' writes output ('printf' at line 16:20)}}
    A[i] = pure(i) + recurse(i);
  }
#pragma hpf independent
  for (int i = 0; i < 8; ++i) {
    A[i] += readTwice(); // expected-error {{'readTwice' reads input ('scanf' at line 21:10), which replicated code does on rank 0 for every rank: it cannot be called in an independent loop, whose iterations run on different ranks; do that I/O before or after the loop}}
    logIt(A[i]); // expected-error {{'logIt' opens or uses a file ('Log' at line 24:34)}}
    save(A[i]);  // expected-error {{'save' opens or uses a file ('std::ofstream' at line 26:17)}}
  }
  // A loop over no distributed array runs on every rank: nothing to say.
  for (int i = 0; i < 2; ++i)
    show(readOne());
  std::fclose(Log);
  return 0;
}
