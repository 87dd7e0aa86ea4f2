// HPF rules and what hpfcc cannot translate (yet): errors at the directive's
// tokens, never a silent change of meaning.
// RUN: %clang_verify %s
constexpr int N = 100;
#pragma hpf processors P(4)
#pragma hpf processors P(2) // expected-error {{processor arrangement 'P' is already declared}} expected-note@-1 {{previous declaration is here}}
#pragma hpf processors Z(0) // expected-error {{processor count must be at least 1, got 0}}
#pragma hpf processors F(2.5) // expected-error {{a processor count must be an integer expression, found 'double'}}
#pragma hpf processors G(2, 2)
double A[N];
#pragma hpf distribute A(block) onto Q // expected-error {{unknown processor arrangement 'Q'}}
double B[N];
#pragma hpf distribute B(block(10)) onto P // expected-error {{block(10) onto P(4) covers only 40 of the 100 elements of 'B'; the block size must be at least 25}}
double C[N];
#pragma hpf distribute C(cyclic(N - 100)) onto P // expected-error {{cyclic(k) needs k >= 1, got 0}}
double C2[N];
#pragma hpf distribute C2(cyclic(1.5)) onto P // expected-error {{cyclic block size must be an integer expression, found 'double'}}
double D[N];
#pragma hpf distribute D(block, block) onto P // expected-error {{'D' is one-dimensional but 2 distribution formats are given}}
double E[N];
#pragma hpf distribute E(block) onto P
#pragma hpf distribute E(cyclic) onto P // expected-error {{'E' is already distributed (HPF: distribute once, then redistribute a dynamic array)}} expected-note@-1 {{first distribute directive is here}}
double F2[N];
#pragma hpf distribute F2(block) onto G // expected-error {{processor arrangement G(2, 2) has rank 2 but 'F2' has one distributed dimension}}
double M[10][10];
#pragma hpf distribute M(block, block) onto G // multi-dimensional: diag-nd.cpp
int Scalar;
#pragma hpf distribute Scalar(block) // expected-error {{'Scalar' is not an array with a constant extent ('int')}}
constexpr long Bad[4] = {10, 10, 10, 10};
double GB[N];
#pragma hpf distribute GB(gen_block(Bad)) onto P // expected-error {{gen_block sizes sum to 40 but 'GB' has 100 elements}}
constexpr long Three[3] = {40, 30, 30};
double GC[N];
#pragma hpf distribute GC(gen_block(Three)) onto P // expected-error {{gen_block has 3 block sizes but P(4) has 4 processors}}
double GD[N];
#pragma hpf distribute GD(gen_block(N)) onto P // expected-error {{gen_block needs an array (or std::array / std::vector) of integers, found 'const int'}}
constexpr long Neg[4] = {50, 60, -10, 0};
double GE[N];
#pragma hpf distribute GE(gen_block(Neg)) onto P // expected-error {{gen_block size -10 is negative}}
constexpr int Owners[4] = {0, 1, 5, 1};
double IN[4];
#pragma hpf distribute IN(indirect(Owners)) onto P // expected-error {{indirect map names processor 5, outside P(4)}}
double S1[N];
#pragma hpf distribute S1(*) // expected-error {{'*' leaves the only dimension of 'S1' undistributed; remove the directive to keep the array replicated}}
double Init[4] = {1, 2, 3, 4};
#pragma hpf distribute Init(block) // expected-error {{distributed array 'Init' cannot have an initializer yet; initialize it in an independent loop}}
#define TWO(a, b) double a[N], b[N]
TWO(Two1, Two2);
#pragma hpf distribute Two2(block) // expected-error {{declare distributed array 'Two2' in a declaration of its own (this declaration cannot be split: it is spelled by a macro or defines a type)}}
const double Konst[N] = {};
#pragma hpf distribute Konst(block) // expected-error {{elements of a distributed array must be trivially copyable and not const}}
extern double Ext[N];
#pragma hpf distribute Ext(block) // expected-error {{'Ext' must not be extern or thread_local to be distributed}}
int notvar();
#pragma hpf dynamic notvar // expected-error {{'notvar' is not a variable; expected an array}}
double ND[N];
#pragma hpf distribute ND(block) onto P
double Dyn[N];
#pragma hpf dynamic Dyn // expected-error {{dynamic array 'Dyn' has no distribute directive}}
double GR[N];
#pragma hpf distribute GR(block) onto P
#pragma hpf dynamic GR
#pragma hpf redistribute GR(cyclic) onto P // expected-error {{redistribute is executable: place it inside a function body}}
double NotDist[N];
double Outer[N];
double Used[N];
#pragma hpf distribute Used(block) onto P
double *Ptr = Used; // expected-error {{distributed array 'Used' can only be used as 'Used[i]' in an independent loop over i or as an element 'Used[k]' in other code (other uses are not supported yet)}}

void f() {
#pragma hpf redistribute ND(cyclic) onto P // expected-error {{'ND' is not dynamic; HPF allows redistribute only on arrays declared dynamic}}
#pragma hpf redistribute NotDist(block) // expected-error {{'NotDist' is not distributed; redistribute needs a distribute directive first}}
#pragma hpf distribute Outer(block) // expected-error {{distribute 'Outer' in the scope where it is declared}}
  double *Elem = &Used[3]; // expected-error {{element of distributed array 'Used' can only be read, assigned}}
  (void)Elem;
  unsigned long Size = sizeof(Used); // unevaluated: the sequential size
  (void)Size;
}

void g(double Param[10]) {
#pragma hpf distribute Param(block) // expected-error {{'Param' is a parameter of 'g' that no call passes a distributed array to: a distribute directive on a parameter says how the function wants the distributed arrays passed to it (distribute the caller's array, or name the parameter in '#pragma hpf inherit Param' before the function)}}
  double Local[N];
  {
#pragma hpf distribute Local(block) // expected-error {{distribute 'Local' in the block where it is declared}}
  }
#pragma hpf processors LocalP(2)
}

void h() {
  double H[4];
#pragma hpf distribute H(block) onto LocalP // expected-error {{processor arrangement 'LocalP' is declared in another function}}
}
