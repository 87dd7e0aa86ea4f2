int A[8];
#pragma hpf distribute A(blok)
int main() {}
