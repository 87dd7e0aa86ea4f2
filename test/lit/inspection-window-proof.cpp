// The proof behind an inspection window (analysis/reads/InspectionWindow.cpp)
// refuses loops in which the index arrays can change in ways that do not
// show as an assignment by name: each function holds one, and its remark
// must say what stops the window (a reviewing helper found each of these
// kept a window, and a wrong parallel result, before they were handled).
// The aliasing cases, and the functions that may run without a direct call
// (a signal handler, a thread_local's initializer, a lambda handed on), use
// arrays of their own: each stops the windows of every nest reading that
// array. A second review found those, and the cases after them. Where the
// proof fails the listing of needed elements is still kept, checked at run
// time (e2e-needed-kept.cpp): the remark says why it could not be proved.
// RUN: %hpfcc -Rhpf -fsyntax-only %s 2>&1 | FileCheck %s
// Compiled alone (-c), the file may be one of several: another file's code
// (a signal handler, a thread) may write the arrays of external linkage.
// RUN: %hpfcc -Rhpf -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=PART
// PART: it cannot be proved unchanged ('RowStart' may be written by other files (declare it static, or build the program from this file alone: hpfcc f.cpp -o f, or --hpf-whole-program)
// RUN: %hpfcc -Rhpf --hpf-whole-program -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK: it cannot be proved unchanged (in the loop at line {{[0-9]+}}, 'f' is declared in it
// CHECK: it cannot be proved unchanged (in the loop at line {{[0-9]+}}, 'f' is declared in it
// CHECK: it cannot be proved unchanged (in the loop at line {{[0-9]+}}, 'Col' is written at line [[#EXTERN:]]
// CHECK: it cannot be proved unchanged (in the loop at line {{[0-9]+}}, 'Col' is written at line [[#BUMP:]]
// CHECK: it cannot be proved unchanged (in the loop at line {{[0-9]+}}, 'Col' is written at line [[#BUMP]]
// CHECK: it cannot be proved unchanged (in the loop at line {{[0-9]+}}, 'Col' is written at line [[#NEW:]]
// CHECK: it cannot be proved unchanged (in the loop at line {{[0-9]+}}, 'Col' is written at line [[#GUARD:]]
// CHECK: it cannot be proved unchanged (in the loop at line {{[0-9]+}}, 'Col' is written at line [[#GUARD]]
// CHECK: it cannot be proved unchanged (in the loop at line {{[0-9]+}}, 'Col' is written at line [[#ITER:]]
// CHECK: it cannot be proved unchanged (in the loop at line {{[0-9]+}}, 'Col' is written at line [[#GET:]]
// CHECK: it cannot be proved unchanged (in the loop at line {{[0-9]+}}, 'Col' is written at line [[#CLEAN:]]
// CHECK: it cannot be proved unchanged (in the loop at line {{[0-9]+}}, a virtual destructor at line {{[0-9]+}}
// CHECK: it cannot be proved unchanged (in the loop at line {{[0-9]+}}, it holds a case label of a switch around it
// CHECK: it cannot be proved unchanged (in the loop at line {{[0-9]+}}, a loop written in a macro
// CHECK: it cannot be proved unchanged (in the loop at line {{[0-9]+}}, a call of 'operator<<' given a callable or a user type at line {{[0-9]+}}
// CHECK: it cannot be proved unchanged ('ColA' is referred to at line {{[0-9]+}} (writes through it cannot be followed)
// CHECK: it cannot be proved unchanged ('ColB' is referred to at line {{[0-9]+}} (writes through it cannot be followed)
// CHECK: it cannot be proved unchanged ('ColC' is referred to at line {{[0-9]+}} (writes through it cannot be followed)
// CHECK: listed once per run of the loop at line {{[0-9]+}}: nothing in it changes what the listing reads
// CHECK: listed once per run of the loop at line {{[0-9]+}}: nothing in it changes what the listing reads
// CHECK: it cannot be proved unchanged ('onSignal' may run without a direct call (its address is taken at line {{[0-9]+}}) and 'ColD' is written at line {{[0-9]+}}
// CHECK: it cannot be proved unchanged (a thread_local's initializer may run in the loop, and 'ColE' is written at line {{[0-9]+}}
// CHECK: it cannot be proved unchanged ('operator()' may run without a direct call (a lambda, handed to the library at line {{[0-9]+}}) and 'ColG' is written at line {{[0-9]+}}
// CHECK: it cannot be proved unchanged ('ColH' is referred to at line {{[0-9]+}} (writes through it cannot be followed)
// CHECK: it cannot be proved unchanged (in the loop at line {{[0-9]+}}, 'Col' is written at line [[#INHERITED:]]
// CHECK: it cannot be proved unchanged (in the loop at line {{[0-9]+}}, a call of '{{_?}}setjmp', which may return twice, at line {{[0-9]+}}
// CHECK: it cannot be proved unchanged ('Made2' may run without a direct call (a member of 'Made2', handed to the library at line {{[0-9]+}}) and 'ColM' is written at line {{[0-9]+}}
// CHECK: it cannot be proved unchanged (in the loop at line {{[0-9]+}}, a loop with attributes or a loop pragma
// CHECK: it cannot be proved unchanged ('~Packed' may run without a direct call (a member of 'Packed', handed to the library at line {{[0-9]+}}) and 'ColT' is written at line {{[0-9]+}}
// CHECK: it cannot be proved unchanged ('~Thrown' may run without a direct call (a member of 'Thrown', handed to the library at line {{[0-9]+}}) and 'ColX' is written at line {{[0-9]+}}
// A fifth review: sizeof of a variable-length array in the subscript is
// computed when it runs (the size behind the typedef changes): the read is
// not inspected at all.
// CHECK: inspection-window-proof.cpp:{{[0-9]+}}:{{[0-9]+}}: remark: 'X' is read at subscripts that are not aligned with the loop
// A sixth review: a deleter's parameter built by the library.
// CHECK: it cannot be proved unchanged ('Built' may run without a direct call (a member of 'Built', handed to the library at line {{[0-9]+}}) and 'ColF' is written at line {{[0-9]+}}
#include <csetjmp>
#include <csignal>
#include <exception>
#include <tuple>
#include <cstddef>
#include <functional>
#include <memory>
#include <ostream>
#include <streambuf>
#include <utility>

constexpr int N = 24, Nnz = 3 * N;
int RowStart[N + 1], Col[Nnz], ColA[Nnz], ColB[Nnz], ColC[Nnz];
int Fs[2] = {1, 2};

#pragma hpf processors P(*)
long X[N], Y[N];
#pragma hpf distribute X(block) onto P
#pragma hpf distribute Y(block) onto P

void declaredInLoop() {
  for (int it = 0; it < 2; ++it) {
    const int f = it * 5;
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[(Col[k] + f) % N];
      Y[i] = s;
    }
  }
}

void rangeVariable() {
  for (int f : Fs) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[(Col[k] + f) % N];
      Y[i] = s;
    }
  }
}

void shiftExtern() {
  extern int Col[Nnz];
  Col[0] = 1; // EXTERN
}

void redeclared() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[Col[k]];
      Y[i] = s;
    }
    shiftExtern();
  }
}

int bump(int k) {
  Col[k] = (Col[k] + 7) % N; // BUMP
  return 0;
}
void step(int = bump(5)) {}

void defaultArgument() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[Col[k]];
      Y[i] = s;
    }
    step();
  }
}

struct Step {
  int v = bump(5);
};

void defaultMember() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[Col[k]];
      Y[i] = s;
    }
    Step S;
    (void)S;
  }
}

struct Node {
  static void *operator new(std::size_t n) {
    Col[5] = 1; // NEW
    return ::operator new(n);
  }
  int v = 0;
};

void classNew() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[Col[k]];
      Y[i] = s;
    }
    delete new Node;
  }
}

struct Guard {
  int k;
  ~Guard() { Col[k] = 0; } // GUARD
};
struct Outer {
  Guard g;
};

void temporaryDestroyed() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[Col[k]];
      Y[i] = s;
    }
    Guard{5};
  }
}

void memberDestroyed() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[Col[k]];
      Y[i] = s;
    }
    Outer o{{5}};
    (void)o;
  }
}

struct Iter {
  int v;
  bool operator!=(const Iter &o) const {
    Col[5] = 2; // ITER
    return v != o.v;
  }
  void operator++() { ++v; }
  int operator*() const { return v; }
};
struct Range {
  Iter begin() const { return {0}; }
  Iter end() const { return {2}; }
};

void userRange() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[Col[k]];
      Y[i] = s;
    }
    for (int v : Range{})
      (void)v;
  }
}

struct Pair {
  template <std::size_t I> int get() const {
    Col[5] = 3; // GET
    return int(I);
  }
};
template <>
struct std::tuple_size<Pair> : std::integral_constant<std::size_t, 2> {};
template <std::size_t I> struct std::tuple_element<I, Pair> {
  using type = int;
};

void tupleBinding() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[Col[k]];
      Y[i] = s;
    }
    auto [a, b] = Pair{};
    (void)a;
    (void)b;
  }
}

void clean(int *) { Col[5] = 4; } // CLEAN

void cleanupAttribute() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[Col[k]];
      Y[i] = s;
    }
    int Guarded __attribute__((cleanup(clean))) = it;
    (void)Guarded;
  }
}

struct Base {
  virtual ~Base() {}
};
Base *Made = nullptr;

void virtualDestructor() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[Col[k]];
      Y[i] = s;
    }
    delete Made;
    Made = nullptr;
  }
}

void caseInside(int Start) {
  int it = 0;
  switch (Start) {
  case 0:
    for (; it < 2; ++it) {
#pragma hpf independent
      for (int i = 0; i < N; ++i) {
        long s = 0;
        for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
          s += X[Col[k]];
        Y[i] = s;
      }
    case 1:;
    }
  }
}

#define TWICE for (int it = 0; it < 2; ++it)
void macroLoop() {
  TWICE {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[Col[k]];
      Y[i] = s;
    }
  }
}

void streamOut(std::ostream &Os) {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[Col[k]];
      Y[i] = s;
    }
    Os << 'x'; // its buffer may be the program's, writing Col
  }
}

void touch(const int &c) { const_cast<int &>(c) = 1; }

void constReference() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[ColA[k]];
      Y[i] = s;
    }
    touch(ColA[5]);
  }
}

int &BoundB = (ColB[5] = 0);

void referenceToAssignment() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[ColB[k]];
      Y[i] = s;
    }
    BoundB = 3;
  }
}

int *const PointerC = &(0, ColC[5] += 0);

void commaResult() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[ColC[k]];
      Y[i] = s;
    }
    *PointerC = 3;
  }
}

// Kept: a do loop, and a loop whose body is the nest alone.
void doLoop() {
  int it = 0;
  do {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[Col[k]];
      Y[i] = s;
    }
  } while (++it < 2);
}

void unbraced() {
  for (int it = 0; it < 2; ++it)
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[Col[k]];
      Y[i] = s;
    }
}

int ColD[Nnz], ColE[Nnz], ColG[Nnz], ColH[Nnz], ColM[Nnz];

void onSignal(int) { ColD[1] = 5; }
struct Install {
  Install() { std::signal(SIGUSR1, onSignal); }
} Installed;

void signalHandler() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[ColD[k]];
      Y[i] = s;
    }
    std::raise(SIGUSR1);
  }
}

int initT() {
  ColE[1] = 6;
  return 1;
}
thread_local int T = initT();
int Sink;

void threadLocal() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[ColE[k]];
      Y[i] = s;
    }
    Sink += T;
  }
}

std::function<void()> Later = [] { ColG[1] = 7; };

void lambdaHandedOn() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[ColG[k]];
      Y[i] = s;
    }
    Later();
  }
}

int *Grab;
int grab() { return sizeof(int[(Grab = &ColH[0], 1)]); } // evaluated
int Grabbed = grab();

void variableLengthSizeof() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[ColH[k]];
      Y[i] = s;
    }
    Grab[1] = 3;
  }
}

struct Shifter {
  Shifter(int k) { Col[k] = 8; } // INHERITED
};
struct Derived : Shifter {
  using Shifter::Shifter;
};

void inheritedConstructor() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[Col[k]];
      Y[i] = s;
    }
    Derived D(1);
    (void)D;
  }
}

std::jmp_buf Jump;

void returnsTwice() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[Col[k]];
      Y[i] = s;
    }
    if (setjmp(Jump))
      break;
  }
}

struct Made2 {
  Made2() { ColM[2] = 9; }
};

void templateArgument() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[ColM[k]];
      Y[i] = s;
    }
    std::make_unique<Made2>();
  }
}

void loopPragma() {
#pragma clang loop unroll(disable)
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[Col[k]];
      Y[i] = s;
    }
  }
}

// Found by a fourth review: a class inside a template argument pack, an
// exception object kept alive by std::exception_ptr.
int ColT[Nnz], ColX[Nnz];

struct Packed {
  ~Packed() { ColT[3] = 1; }
};

void argumentPack() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[ColT[k]];
      Y[i] = s;
    }
    std::tuple<Packed> T;
    (void)T;
  }
}

struct Thrown {
  ~Thrown() { ColX[3] = 1; }
};
std::exception_ptr Kept;
void keep() {
  try {
    throw Thrown();
  } catch (...) {
    Kept = std::current_exception();
  }
}

void exceptionKept() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[ColX[k]];
      Y[i] = s;
    }
    Kept = nullptr;
  }
}

int Sh = 1;

void variableLengthSubscript() {
  for (int it = 0; it < 2; ++it) {
    typedef char T[Sh];
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[(Col[k] + sizeof(T) - 1) % N];
      Y[i] = s;
    }
    Sh += N / 2 + 1;
  }
}

// A sixth review: the library calls a deleter `void drop(Built)`, building
// its parameter from the pointer (Built's constructor runs).
int ColF[Nnz];
struct Built {
  Built(int *P) {
    ColF[3] = 1;
    delete P;
  }
};
void drop(Built) {}
std::shared_ptr<int> Owned(new int, drop);

void deleterParameter() {
  for (int it = 0; it < 2; ++it) {
#pragma hpf independent
    for (int i = 0; i < N; ++i) {
      long s = 0;
      for (int k = RowStart[i]; k < RowStart[i + 1]; ++k)
        s += X[ColF[k]];
      Y[i] = s;
    }
    Owned.reset();
  }
}
