// Multi-dimensional arrays: the HPF rules of mappings onto processor grids
// and what a loop nest can do, as errors at the offending token.
// RUN: %clang_verify %s
constexpr int R = 12, C = 10;
#pragma hpf processors G(2, 3)
#pragma hpf processors P(4)

double Ok1[R][C];
#pragma hpf distribute Ok1(block, cyclic(2)) onto G
double Ok2[R][C];
#pragma hpf distribute Ok2(*, block)
double Ok3[R][C];
#pragma hpf distribute Ok3(cyclic, *) onto P
double Ok4[4][R][C];
#pragma hpf distribute Ok4(*, block, cyclic) onto G

double Few[R][C];
#pragma hpf distribute Few(block) onto P // expected-error {{'Few' has 2 dimensions but 1 distribution formats are given}}
double Many[R][C];
#pragma hpf distribute Many(block, *, *) onto P // expected-error {{'Many' has 2 dimensions but 3 distribution formats are given}}
double Rank1[R][C];
#pragma hpf distribute Rank1(block, block) onto P // expected-error {{processor arrangement P(4) has rank 1 but 'Rank1' has 2 distributed dimensions}}
double Rank2[R][C];
#pragma hpf distribute Rank2(*, block) onto G // expected-error {{processor arrangement G(2, 3) has rank 2 but 'Rank2' has one distributed dimension}}
double NoGrid[R][C];
#pragma hpf distribute NoGrid(block, block) // expected-error {{'NoGrid' has 2 distributed dimensions: distribute it onto a processor arrangement of rank 2}}
double AllStar[R][C];
#pragma hpf distribute AllStar(*, *) onto P // expected-error {{'*' in every dimension leaves 'AllStar' undistributed; remove the directive to keep the array replicated}}
double BigBlock[R][C];
#pragma hpf distribute BigBlock(block(2), *) onto P // expected-error {{block(2) onto P(4) covers only 8 of the 12 elements of dimension 0 of 'BigBlock'; the block size must be at least 3}}
double SmallBlock[R][C];
#pragma hpf distribute SmallBlock(*, block(2)) onto P // expected-error {{block(2) onto P(4) covers only 8 of the 10 elements of dimension 1 of 'SmallBlock'; the block size must be at least 3}}
double GridBlock[R][C];
#pragma hpf distribute GridBlock(block, block(3)) onto G // expected-error {{block(3) onto dimension 1 of G(2, 3) covers only 9 of the 10 elements of dimension 1 of 'GridBlock'; the block size must be at least 4}}
constexpr long Sizes3[3] = {2, 3, 5};
constexpr long Sizes2[2] = {6, 6};
constexpr long Sizes9[3] = {2, 3, 4};
double GB[R][C];
#pragma hpf distribute GB(gen_block(Sizes2), gen_block(Sizes3)) onto G
double GBCount[R][C];
#pragma hpf distribute GBCount(gen_block(Sizes3), block) onto G // expected-error {{gen_block has 3 block sizes but dimension 0 of G(2, 3) has 2 processors}}
double GBSum[R][C];
#pragma hpf distribute GBSum(gen_block(Sizes2), gen_block(Sizes2)) onto G // expected-error {{gen_block has 2 block sizes but dimension 1 of G(2, 3) has 3 processors}}
double GBSum2[R][C];
#pragma hpf distribute GBSum2(block, gen_block(Sizes9)) onto G // expected-error {{gen_block sizes sum to 9 but dimension 1 of 'GBSum2' has 10 elements}}
double Dyn[R][C];
#pragma hpf distribute Dyn(block, *) onto P
#pragma hpf dynamic Dyn

int main() {
#pragma hpf processors H(3, 2)
#pragma hpf redistribute Dyn(*, block) // fine: stays on P
#pragma hpf redistribute Dyn(block, block) // expected-error {{processor arrangement P(4) has rank 1 but 'Dyn' has 2 distributed dimensions (without 'onto' the array stays on the arrangement of its distribute directive)}}
#pragma hpf redistribute Dyn(block, cyclic(2)) onto H
#pragma hpf redistribute Dyn(block) onto H // expected-error {{'Dyn' has 2 dimensions but 1 distribution formats are given}}
  double *Row = Ok1[2]; // expected-error {{row 'Ok1[k]' of distributed array 'Ok1' is not contiguous on one rank: dimension 1 of 'Ok1' is distributed ((block, cyclic(2)) onto G(2, 3)), so the row is split over ranks; use its elements 'Ok1[k][j]', or distribute dimension 1 '*'}}
  (void)Row;
  double x = Ok1[1][2] + Ok4[0][1][2];
  Ok1[3][4] = x;
  Ok1[3][4] += x;
  (void)x;
  return 0;
}
