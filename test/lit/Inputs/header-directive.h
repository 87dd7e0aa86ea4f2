// A header with a directive: hpfcc rewrites only the main file.
#pragma hpf processors HP(2)
