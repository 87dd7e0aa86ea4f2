//===- mpi/ReplicatedIo.h - I/O of replicated code ---------------*- C++
//-*-===//
//
// Replicated code runs on every rank, but its I/O must happen once, as in
// the sequential program: rank 0 performs every operation and every rank
// sees its outcome. The runtime does this below the C library's FILE (and
// so below iostreams): a replicated FILE is a glibc cookie stream on every
// rank whose read function runs on rank 0 (read(2) of what is available, so
// input stays interactive) and broadcasts the bytes, whose write function
// writes on rank 0, and whose seek and close run on rank 0 and broadcast
// the result. Every rank then parses the same bytes with the same code, so
// scanf's stores and return value, fgets' buffer, feof/ferror/ftell, and
// istream state and values agree on every rank without knowing any format.
// Output costs no communication (stdout/stderr); input costs one broadcast
// per buffer refill; file writes one per buffer flush (their result).
//
// Generated code replaces, in replicated code: printf/puts/putchar/vprintf/
// perror/scanf/vscanf/getchar (which use the standard streams implicitly),
// fopen/tmpfile/remove/rename, stdin/stdout/stderr (-> in_file() ...),
// std::cout/cerr/clog/cin (-> out(), err(), in()) and the types
// std::ifstream/ofstream/fstream (-> hpf::ifstream ...). Everything else
// (fscanf, fgets, fgetc, fread, fprintf, fwrite, fclose, feof, fseek, a
// FILE* or std::istream& passed to any function) works unchanged on these.
//
// Collective: every rank must perform the same operations on a replicated
// FILE in the same order, which replicated code does; the compiler rejects
// their use inside distributed loops.
//
//===----------------------------------------------------------------------===//
#ifndef HPF_MPI_REPLICATEDIO_H
#define HPF_MPI_REPLICATEDIO_H

#include <cstdarg>
#include <cstdio>
#include <istream>
#include <ostream>
#include <streambuf>
#include <string>

namespace hpf {

// ---- the standard streams ----
/// Replicated stdin / stdout / stderr (unbuffered output: it goes straight
/// to rank 0's stdout/stderr, in order with std::cout).
std::FILE *in_file();
std::FILE *out_file();
std::FILE *err_file();
/// std::cin over in_file(); std::cout and std::cerr on rank 0, streams that
/// discard everything elsewhere.
std::istream &in();
std::ostream &out();
std::ostream &err();

// ---- C functions that use the standard streams implicitly ----
int printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int vprintf(const char *fmt, std::va_list args);
int puts(const char *s);
int putchar(int c);
void perror(const char *s);
int scanf(const char *fmt, ...) __attribute__((format(scanf, 1, 2)));
int vscanf(const char *fmt, std::va_list args);
int getchar();

// ---- files and the file system (rank 0 acts, every rank sees the result:
// the return value and errno) ----
/// A replicated FILE (null on every rank when rank 0's fopen fails).
std::FILE *fopen(const char *name, const char *mode);
std::FILE *tmpfile();
int remove(const char *name);
int rename(const char *from, const char *to);

/// A stream buffer over a FILE (a replicated one for the streams below):
/// every operation is the C library's on that FILE.
class FileBuf : public std::streambuf {
public:
  explicit FileBuf(std::FILE *F = nullptr, bool Owned = false)
      : F(F), Owned(Owned) {}
  FileBuf(const FileBuf &) = delete;
  FileBuf &operator=(const FileBuf &) = delete;
  ~FileBuf() override { close(); }
  /// hpf::fopen with the mode std::basic_filebuf::open gives M.
  bool open(const std::string &Name, std::ios_base::openmode M);
  bool close();
  bool is_open() const { return F; }

protected:
  int_type underflow() override;
  int_type uflow() override;
  int_type pbackfail(int_type C) override;
  int_type overflow(int_type C) override;
  std::streamsize xsgetn(char *S, std::streamsize N) override;
  std::streamsize xsputn(const char *S, std::streamsize N) override;
  int sync() override;
  pos_type seekoff(off_type Off, std::ios_base::seekdir Dir,
                   std::ios_base::openmode) override;
  pos_type seekpos(pos_type Pos, std::ios_base::openmode M) override;

private:
  std::FILE *F;
  bool Owned;
};

/// std::basic_ifstream / ofstream / fstream<char> over a replicated FILE:
/// Stream is the base, Default the mode when none is given, Always the
/// mode bits open() adds (as the standard classes do).
template <class Stream, std::ios_base::openmode Default,
          std::ios_base::openmode Always>
class file_stream : public Stream {
public:
  using openmode = std::ios_base::openmode;
  file_stream() : Stream(nullptr) { this->init(&Buf); }
  explicit file_stream(const std::string &Name, openmode M = Default)
      : file_stream() {
    open(Name, M);
  }
  void open(const std::string &Name, openmode M = Default) {
    if (Buf.open(Name, M | Always))
      this->clear();
    else
      this->setstate(std::ios_base::failbit);
  }
  bool is_open() const { return Buf.is_open(); }
  void close() {
    if (!Buf.close())
      this->setstate(std::ios_base::failbit);
  }
  FileBuf *rdbuf() const { return const_cast<FileBuf *>(&Buf); }

private:
  FileBuf Buf;
};

using ifstream =
    file_stream<std::istream, std::ios_base::in, std::ios_base::in>;
using ofstream =
    file_stream<std::ostream, std::ios_base::out, std::ios_base::out>;
using fstream =
    file_stream<std::iostream, std::ios_base::in | std::ios_base::out,
                std::ios_base::openmode{}>;

// ---- functions the compiler cannot see ----
/// Replicated code calling a function defined in another file (NAS's
/// c_print_results, a library routine that prints): every rank runs it,
/// with the same values, so rank 0's output is the sequential program's.
/// Generated code makes a `quiet_others` temporary in the call's full
/// expression: while it lives, the standard output and error of the other
/// ranks go to /dev/null (nested ones count).
class quiet_others {
public:
  quiet_others();
  ~quiet_others();
  quiet_others(const quiet_others &) = delete;
  quiet_others &operator=(const quiet_others &) = delete;
};

} // namespace hpf

#endif // HPF_MPI_REPLICATEDIO_H
