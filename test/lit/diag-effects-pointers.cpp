// Writes through pointers and virtual calls reached from an independent loop
// (analysis/effects/): a global pointer's target, a function's own pointer
// to a global array (traced to it), a pointer member written from a const
// member function, a pure virtual function's override and an override of
// an override. Each is an error at the write, with a note at the call.
// RUN: %clang_verify %s
constexpr int N = 12;
double A[N], B[N];
#pragma hpf distribute A(block)
#pragma hpf distribute B(block)

double total = 0;
double *acc = &total;
double throughGlobal(double v) {
  *acc += v; // expected-error {{'acc' is written here, reached from the independent loop at line 48 through 'throughGlobal' (called at line 49)}}
  return v;
}
int histogram[4];
void bin(int v) {
  int *hist = histogram;
  hist[v % 4]++; // expected-error {{'histogram' is written here, reached from the independent loop at line 48 through 'bin' (called at line 50)}}
}
int messages = 0;
struct Logger {
  int *count;
  void log() const { ++*count; } // expected-error {{this writes through a pointer that is not a variable (a member, a call's result), reached from the independent loop at line 54 through 'log' (called at line 55)}}
};
const Logger logger{&messages};

int evaluations = 0;
struct Shape {
  virtual double area(double s) const = 0;
  virtual ~Shape() = default;
};
struct Square : Shape {
  double area(double s) const override { return s * s; }
};
struct LoggedSquare : Square {
  double area(double s) const override {
    ++evaluations; // expected-error {{'evaluations' is written here, reached from the independent loop at line 48 through 'area' (called at line 51)}}
    return s * s;
  }
};
const Shape *shape = nullptr;

int main() {
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    B[i] = throughGlobal(A[i]); // expected-note {{called here}}
    bin(i);                     // expected-note {{called here}}
    B[i] += shape->area(A[i]); // expected-note {{called here}} expected-warning {{this independent loop reaches a virtual call}}
  }
#pragma hpf independent
  for (int i = 0; i < N; ++i) {
    logger.log(); // expected-note {{called here}}
    B[i] = i;
  }
  return 0;
}
