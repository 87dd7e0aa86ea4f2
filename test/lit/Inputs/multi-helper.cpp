double scale(double x) { return 2 * x; }
