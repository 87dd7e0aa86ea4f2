// Files written and read by replicated code (issue 13: every rank opened,
// wrote and removed them): rank 0 does each operation, every rank sees the
// result. fprintf/fputs/fputc/fwrite and std::ofstream write; fgets, fscanf,
// fgetc, fread, std::ifstream >> and std::getline read back; rename,
// remove, fopen of a missing file (NULL on every rank), a FILE* and a
// std::istream& passed to the user's functions. data.txt must hold exactly
// what the sequential run writes, and stream.txt must be gone.
// REQUIRES: mpi
// RUN: %e2e --tmp %t --ranks 1,2,3,4 --file data.txt --file stream.txt --file moved.txt %s | FileCheck %s
// CHECK: e2e: sequential output: wrote 3 lines, sum 3003
// CHECK-NEXT: fgets: [line 0 x 1]
// CHECK-NEXT: fgets: [line 1 x 1001]
// CHECK-NEXT: fgets: [line 2 x 2001]
// CHECK-NEXT: fscanf 2: 7 8, fgetc Z, fread 4: tail, feof 1
// CHECK-NEXT: stream: 42 [two words] 1.25 good 1
// CHECK-NEXT: missing: null, errno ENOENT, ifstream is_open 0
// CHECK-NEXT: removed 0 0, remove again -1
// CHECK: e2e: sequential file data.txt: 'line 0 x 1\nline 1 x 1001\nline 2 x 2001\n7 8 Ztail'
// CHECK: e2e: sequential file stream.txt: None
// CHECK: e2e: sequential file moved.txt: None
// CHECK: e2e: -n 4: same output and files
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>

constexpr int N = 3000;
#pragma hpf processors P(*)
int A[N];
#pragma hpf distribute A(cyclic) onto P

/// A FILE* passed to a function of the user.
static void writeLines(std::FILE *F, int Lines) {
  for (int l = 0; l < Lines; ++l)
    std::fprintf(F, "line %d x %d\n", l, A[l * 1000] + 1);
}

/// A std::istream& parameter.
static double readStream(std::istream &In, int &v, std::string &words) {
  double d = 0;
  In >> v;
  In.ignore(1);
  std::getline(In, words);
  In >> d;
  return d;
}

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i)
    A[i] = i;
  long sum = 0;
#pragma hpf independent reduction(+ : sum)
  for (int i = 0; i < N; ++i)
    if (i % 1000 == 0)
      sum += A[i] + 1;

  std::FILE *F = std::fopen("data.txt", "w");
  if (!F)
    return 1;
  writeLines(F, 3);
  std::fputs("7 8 ", F);
  std::fputc('Z', F);
  std::fwrite("tail", 1, 4, F);
  std::fclose(F);
  std::printf("wrote 3 lines, sum %ld\n", sum);

  F = std::fopen("data.txt", "r");
  char buf[64];
  for (int l = 0; l < 3 && std::fgets(buf, sizeof buf, F); ++l) {
    buf[std::strcspn(buf, "\n")] = 0;
    std::printf("fgets: [%s]\n", buf);
  }
  int a = 0, b = 0;
  int got = std::fscanf(F, "%d %d ", &a, &b);
  int c = std::fgetc(F);
  char tail[8] = {};
  std::size_t r = std::fread(tail, 1, sizeof tail - 1, F);
  std::printf("fscanf %d: %d %d, fgetc %c, fread %zu: %s, feof %d\n", got, a,
              b, c, r, tail, std::feof(F) != 0);
  std::fclose(F);

  {
    std::ofstream Out("stream.txt");
    Out << 42 << " two words\n" << 1.25 << "\n";
  }
  std::ifstream In("stream.txt");
  int v = 0;
  std::string words;
  double d = readStream(In, v, words);
  std::cout << "stream: " << v << " [" << words << "] " << d << " good "
            << bool(In) << "\n";
  In.close();

  errno = 0;
  std::FILE *M = std::fopen("no-such-file.txt", "r");
  std::ifstream Missing("no-such-file.txt");
  if (!M)
    std::printf("missing: null, errno %s, ifstream is_open %d\n",
                errno == ENOENT ? "ENOENT" : "other", Missing.is_open());
  else
    std::printf("missing: opened?\n");

  int moved = std::rename("stream.txt", "moved.txt");
  int removed = std::remove("moved.txt");
  std::printf("removed %d %d, remove again %d\n", moved, removed,
              std::remove("moved.txt"));
  return 0;
}
