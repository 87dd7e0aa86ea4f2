// Included with quotes from small.cpp: found next to the original source
// although hpfcc compiles a rewritten copy elsewhere.
inline double weight(int i) { return 1.0 + i % 3; }
