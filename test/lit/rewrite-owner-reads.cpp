// Element reads of replicated code that provably have one owner (the same
// array, equal subscripts in every dimension that may be distributed) in
// an expression without side effects: the owner evaluates the expression
// and broadcasts its value, M.owner_value(W, [&] { return ...; }, <the
// first read's subscripts>), the reads inside being M.owned_at(W, ...).
// One broadcast instead of one per read. Other reads stay A.get_at.
// RUN: %clang_hpf -fplugin-arg-hpf-out=%t.cpp %s
// RUN: %strip_checks %t.cpp | FileCheck %s
constexpr int N = 20;
#pragma hpf processors P(3)
double M[N][N + 1];
double G[N][N];
double V[N];
double D[N][N];
#pragma hpf distribute M(cyclic, *) onto P
#pragma hpf distribute G(*, cyclic(2)) onto P
#pragma hpf distribute V(block) onto P
#pragma hpf distribute D(cyclic, *) onto P
#pragma hpf dynamic D

double f(double A, double B);

int main(int argc, char **) {
  int k = argc + 2;
  double X = M[k][N] / M[k][k];
  // CHECK: double X = M.owner_value("{{.*}}rewrite-owner-reads.cpp:[[@LINE-1]]:14", [&] { return M.owned_at("{{.*}}rewrite-owner-reads.cpp:[[@LINE-1]]:14", k, N) / M.owned_at("{{.*}}rewrite-owner-reads.cpp:[[@LINE-1]]:24", k, k); }, k, N);
  double Y = M[k][0] + M[k + 1][0];
  // CHECK: double Y = M.get_at("{{.*}}:[[@LINE-1]]:14", k, 0) + M.get_at("{{.*}}:[[@LINE-1]]:24", k + 1, 0);
  double Z = G[0][k] * G[5][(k)] + 1;
  // CHECK: double Z = G.owner_value("{{.*}}:[[@LINE-1]]:14", [&] { return G.owned_at("{{.*}}:[[@LINE-1]]:14", 0, k) * G.owned_at("{{.*}}:[[@LINE-1]]:24", 5, (k)); }, 0, k) + 1;
  double W = f(M[k][0], M[k][1]);
  // f is defined in another file: the other ranks' output is silenced for the call.
  // CHECK: double W = ((void)hpf::quiet_others{}, f(M.get_at("{{.*}}:[[@LINE-2]]:16", k, 0), M.get_at("{{.*}}:[[@LINE-2]]:25", k, 1)));
  double R = D[k][0] + D[k][1];
  // CHECK: double R = D.get_at("{{.*}}:[[@LINE-1]]:14", k, 0) + D.get_at("{{.*}}:[[@LINE-1]]:24", k, 1);
  bool B = M[k][0] > M[k][1] && V[k] > 0;
  // CHECK: bool B = M.owner_value("{{.*}}:[[@LINE-1]]:12", [&] { return M.owned_at("{{.*}}:[[@LINE-1]]:12", k, 0) > M.owned_at("{{.*}}:[[@LINE-1]]:22", k, 1); }, k, 0) && V.get_at("{{.*}}:[[@LINE-1]]:33", k) > 0;
  double S = M[k][int(M[k][0])] + M[k][1];
  // CHECK: double S = M.get_at("{{.*}}:[[@LINE-1]]:14", k, int(M.get_at("{{.*}}:[[@LINE-1]]:23", k, 0))) + M.get_at("{{.*}}:[[@LINE-1]]:35", k, 1);
  V[k] = V[k] * V[k] - V[k - 1];
  // CHECK: V.set_at("{{.*}}:[[@LINE-1]]:3", k, V.owner_value("{{.*}}:[[@LINE-1]]:10", [&] { return V.owned_at("{{.*}}:[[@LINE-1]]:10", k) * V.owned_at("{{.*}}:[[@LINE-1]]:17", k); }, k) - V.get_at("{{.*}}:[[@LINE-1]]:24", k - 1));
  M[k][0] += M[k][1] * M[k][2];
  // CHECK: M.update_at<hpf::elem_op::add>("{{.*}}:[[@LINE-1]]:3", k, 0, M.owner_value("{{.*}}:[[@LINE-1]]:14", [&] { return M.owned_at("{{.*}}:[[@LINE-1]]:14", k, 1) * M.owned_at("{{.*}}:[[@LINE-1]]:24", k, 2); }, k, 1));
  return int(X + Y + Z + W + R + S) + B;
}
