// gen_block and indirect take integers: arrays, std::array and std::vector
// (any integer element type, constant or run-time) are accepted; floating
// elements, bool and element-less types are Clang errors at the argument
// (a double size would otherwise be truncated silently at run time).
// RUN: %clang_verify -std=c++20 %s
#include <array>
#include <vector>

constexpr int N = 12;
#pragma hpf processors P(3)
double A[N];
#pragma hpf distribute A(block) onto P
#pragma hpf dynamic A
struct NoElements {
  int X = 0;
};

int main(int argc, char **) {
  std::vector<long> Ok1(3, 4);
  std::array<short, 3> Ok2 = {4, 4, 4};
  unsigned Ok3[3] = {4, 4, 4};
#pragma hpf redistribute A(gen_block(Ok1))
#pragma hpf redistribute A(gen_block(Ok2))
#pragma hpf redistribute A(gen_block(Ok3))
  std::vector<double> Costs(3, 4.0);
#pragma hpf redistribute A(gen_block(Costs)) // expected-error {{gen_block needs integer block sizes, but 'Costs' is 'std::vector<double>' with 'double' elements}}
  float Fl[3] = {4, 4, 4};
#pragma hpf redistribute A(gen_block(Fl)) // expected-error {{gen_block needs integer block sizes, but 'Fl' is 'float[3]' with 'float' elements}}
  bool Flags[3] = {true, true, true};
#pragma hpf redistribute A(gen_block(Flags)) // expected-error {{gen_block needs integer block sizes, but 'Flags' is 'bool[3]' with 'bool' elements}}
  NoElements S;
#pragma hpf redistribute A(gen_block(S)) // expected-error {{gen_block needs integer block sizes, but 'S' is 'NoElements' (no element type)}}
  std::vector<float> Map(N, 0.f);
#pragma hpf redistribute A(indirect(Map)) // expected-error {{indirect needs integer owners, but 'Map' is 'std::vector<float>' with 'float' elements}}
  return argc;
}
