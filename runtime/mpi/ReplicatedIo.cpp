//===- mpi/ReplicatedIo.cpp - I/O of replicated code ----------------------===//
//
// The replicated FILE (ReplicatedIo.h): a glibc cookie stream on every rank
// over rank 0's file descriptor. Its four functions are collective: rank 0
// does the system call and broadcasts what every rank must see (bytes read,
// result, errno), so the C library above them keeps the same state on every
// rank. Standard output and error are written by rank 0 with no
// communication at all.
//
//===----------------------------------------------------------------------===//
#include "mpi/ReplicatedIo.h"

#include "mpi/Comm.h"
#include "mpi/Env.h"
#include "mpi/IndependentScope.h"

#include <mpi.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <iostream>
#include <unistd.h>
#include <vector>

namespace hpf {

namespace {

/// Which file a cookie stands for: rank 0's descriptor of an opened file
/// (Real owns it), or one of the standard streams.
struct Cookie {
  bool Opened = false;          ///< a file (not a standard stream)
  std::FILE *Real = nullptr;    ///< rank 0's FILE of it (null elsewhere)
  int Fd = -1;                  ///< rank 0's descriptor to read/write/seek
  std::FILE *Console = nullptr; ///< stdout/stderr: write through it
  std::FILE *Self = nullptr;    ///< the cookie stream of an opened file
};

/// MPI is up (the cookies' functions can also run from exit(), after
/// MPI_Finalize: then each rank is on its own and only rank 0 acts).
bool alive() {
  int Done = 0;
  MPI_Finalized(&Done);
  return !Done;
}

/// Inside an owner-computes loop (replicated code called from its body)
/// the ranks run different iterations: a collective operation there would
/// meet another rank's different operation, or wait forever.
void notInLoop(const char *What) {
  if (rt::splitIterationsDepth() > 0)
    fail("replicated I/O",
         std::string(What) +
             " of replicated code (rank 0 does it for every rank) inside " +
             rt::runningLoop() +
             ", whose iterations run on different ranks; do it before or "
             "after the loop");
}

/// Output to the console from replicated code called inside an
/// owner-computes loop is written by the rank running the iteration, like
/// output in the loop itself (hpfcc warns at the call).
bool writesHere() { return is_root() || rt::splitIterationsDepth() > 0; }

/// Rank 0's Value and errno reach every rank (one broadcast).
long long share(long long Value) {
  if (!alive())
    return Value;
  notInLoop("a file operation");
  long long Msg[2] = {Value, errno};
  rt::check(MPI_Bcast(Msg, 2, MPI_LONG_LONG, 0, rt::comm()), "MPI_Bcast",
            "replicated I/O", nullptr);
  errno = int(Msg[1]);
  return Msg[0];
}

/// Rank 0 acts (also after MPI_Finalize: the rank is remembered, and the
/// others, with no descriptor, do nothing).
bool root() { return is_root(); }

ssize_t readFn(void *C, char *Buf, std::size_t Size) {
  auto *K = static_cast<Cookie *>(C);
  if (alive())
    notInLoop("input");
  long long N = 0;
  if (root()) {
    // A prompt written before the read must appear first.
    if (K->Fd == STDIN_FILENO)
      std::fflush(stdout);
    do
      N = ::read(K->Fd, Buf, Size);
    while (N < 0 && errno == EINTR);
  }
  N = share(N);
  if (N > 0 && alive())
    rt::check(MPI_Bcast(Buf, int(N), MPI_CHAR, 0, rt::comm()), "MPI_Bcast",
              "replicated input", nullptr);
  return N;
}

ssize_t writeFn(void *C, const char *Buf, std::size_t Size) {
  auto *K = static_cast<Cookie *>(C);
  if (K->Console) {
    // Standard output: no result to share (as the sequential program, a
    // failed write to the console goes unnoticed).
    // No flush: the console's own buffering (line-buffered stdout, see
    // Env.cpp) writes whole lines, so ranks' lines do not interleave.
    if (writesHere())
      std::fwrite(Buf, 1, Size, K->Console);
    return ssize_t(Size);
  }
  long long N = ssize_t(Size);
  if (root())
    for (std::size_t Done = 0; Done < Size;) {
      ssize_t W = ::write(K->Fd, Buf + Done, Size - Done);
      if (W < 0 && errno == EINTR)
        continue;
      if (W <= 0) {
        N = -1;
        break;
      }
      Done += std::size_t(W);
    }
  return ssize_t(share(N));
}

int seekFn(void *C, off64_t *Pos, int Whence) {
  auto *K = static_cast<Cookie *>(C);
  long long P = -1;
  if (root())
    P = K->Console ? -1 : ::lseek64(K->Fd, *Pos, Whence);
  P = share(P);
  if (P < 0)
    return -1;
  *Pos = P;
  return 0;
}

/// Replicated FILEs still open; flushed before MPI_Finalize, because exit()
/// flushes streams only after the atexit handlers.
std::vector<std::FILE *> &openFiles() {
  static auto *V = new std::vector<std::FILE *>;
  return *V;
}

void flushOpenFiles() {
  for (std::FILE *F : openFiles())
    std::fflush(F);
}

int closeFn(void *C) {
  auto *K = static_cast<Cookie *>(C);
  long long R = 0;
  if (K->Real && root())
    R = std::fclose(K->Real);
  if (K->Opened) {
    R = share(R);
    std::vector<std::FILE *> &V = openFiles();
    V.erase(std::remove(V.begin(), V.end(), K->Self), V.end());
  }
  delete K;
  return int(R);
}

std::FILE *cookieFile(Cookie *K, const char *Mode) {
  std::FILE *F = fopencookie(K, Mode, {readFn, writeFn, seekFn, closeFn});
  if (!F) {
    delete K;
    fail("replicated I/O", "fopencookie failed");
  }
  return F;
}

std::FILE *consoleFile(int Fd, std::FILE *Real, const char *Mode) {
  init();
  auto *K = new Cookie;
  K->Fd = Fd;
  K->Console = Real;
  std::FILE *F = cookieFile(K, Mode);
  if (Real)
    std::setvbuf(F, nullptr, _IONBF, 0);
  return F;
}

/// Wraps rank 0's result of opening a file (null elsewhere) in a
/// replicated FILE on every rank.
std::FILE *replicate(std::FILE *Real, const char *Mode) {
  if (!share(Real != nullptr))
    return nullptr;
  auto *K = new Cookie;
  K->Opened = true;
  K->Real = Real;
  K->Fd = Real ? fileno(Real) : -1;
  std::FILE *F = K->Self = cookieFile(K, Mode);
  static bool Registered = false;
  if (!Registered)
    rt::atFinalize(flushOpenFiles);
  Registered = true;
  openFiles().push_back(F);
  return F;
}

/// Output of the console streams on ranks other than 0.
std::ostream &discard() {
  struct NullBuf : std::streambuf {
    int overflow(int C) override { return C; }
  };
  static NullBuf Null;
  static std::ostream Discard(&Null);
  return Discard;
}

} // namespace

std::FILE *in_file() {
  static std::FILE *F = consoleFile(STDIN_FILENO, nullptr, "r");
  return F;
}
std::FILE *out_file() {
  static std::FILE *F = consoleFile(STDOUT_FILENO, stdout, "w");
  return F;
}
std::FILE *err_file() {
  static std::FILE *F = consoleFile(STDERR_FILENO, stderr, "w");
  return F;
}

std::istream &in() {
  notInLoop("input");
  static FileBuf Buf(in_file());
  static std::istream In(&Buf);
  return In;
}
std::ostream &out() { return writesHere() ? std::cout : discard(); }
std::ostream &err() { return writesHere() ? std::cerr : discard(); }

int vprintf(const char *Fmt, va_list Args) {
  return std::vfprintf(out_file(), Fmt, Args);
}
int printf(const char *Fmt, ...) {
  va_list Args;
  va_start(Args, Fmt);
  int N = hpf::vprintf(Fmt, Args);
  va_end(Args);
  return N;
}
int puts(const char *S) {
  std::FILE *F = out_file();
  return std::fputs(S, F) < 0 || std::fputc('\n', F) == EOF ? EOF : 1;
}
int putchar(int C) { return std::fputc(C, out_file()); }
void perror(const char *S) {
  const char *Msg = std::strerror(errno);
  std::fprintf(err_file(), "%s%s%s\n", S && *S ? S : "", S && *S ? ": " : "",
               Msg);
}
int vscanf(const char *Fmt, va_list Args) {
  notInLoop("input");
  return std::vfscanf(in_file(), Fmt, Args);
}
int scanf(const char *Fmt, ...) {
  va_list Args;
  va_start(Args, Fmt);
  int N = hpf::vscanf(Fmt, Args);
  va_end(Args);
  return N;
}
int getchar() {
  notInLoop("input");
  return std::fgetc(in_file());
}

std::FILE *fopen(const char *Name, const char *Mode) {
  init();
  notInLoop("a file operation");
  return replicate(root() ? std::fopen(Name, Mode) : nullptr, Mode);
}
std::FILE *tmpfile() {
  init();
  notInLoop("a file operation");
  return replicate(root() ? std::tmpfile() : nullptr, "w+");
}
int remove(const char *Name) {
  init();
  notInLoop("a file operation");
  return int(share(root() ? std::remove(Name) : 0));
}
int rename(const char *From, const char *To) {
  init();
  notInLoop("a file operation");
  return int(share(root() ? std::rename(From, To) : 0));
}

// ---- FileBuf ----

bool FileBuf::open(const std::string &Name, std::ios_base::openmode M) {
  using std::ios_base;
  if (F)
    return false;
  // The table of std::basic_filebuf::open ([filebuf.members]).
  ios_base::openmode Kind =
      M & (ios_base::in | ios_base::out | ios_base::trunc | ios_base::app);
  const char *Mode = nullptr;
  if (Kind == ios_base::out || Kind == (ios_base::out | ios_base::trunc))
    Mode = "w";
  else if (Kind == ios_base::app || Kind == (ios_base::out | ios_base::app))
    Mode = "a";
  else if (Kind == ios_base::in)
    Mode = "r";
  else if (Kind == (ios_base::in | ios_base::out))
    Mode = "r+";
  else if (Kind == (ios_base::in | ios_base::out | ios_base::trunc))
    Mode = "w+";
  else if (Kind == (ios_base::in | ios_base::app) ||
           Kind == (ios_base::in | ios_base::out | ios_base::app))
    Mode = "a+";
  if (!Mode)
    return false;
  std::string Full = std::string(Mode) + (M & ios_base::binary ? "b" : "");
  F = hpf::fopen(Name.c_str(), Full.c_str());
  Owned = true;
  if (F && (M & ios_base::ate) && std::fseek(F, 0, SEEK_END)) {
    close();
    return false;
  }
  return F;
}

bool FileBuf::close() {
  if (!F)
    return false;
  std::FILE *G = F;
  F = nullptr;
  return !Owned || std::fclose(G) == 0;
}

FileBuf::int_type FileBuf::underflow() {
  int C = F ? std::getc(F) : EOF;
  if (C == EOF)
    return traits_type::eof();
  std::ungetc(C, F);
  return traits_type::to_int_type(char(C));
}
FileBuf::int_type FileBuf::uflow() {
  int C = F ? std::getc(F) : EOF;
  return C == EOF ? traits_type::eof() : traits_type::to_int_type(char(C));
}
FileBuf::int_type FileBuf::pbackfail(int_type C) {
  if (!F || traits_type::eq_int_type(C, traits_type::eof()))
    return traits_type::eof();
  return std::ungetc(C, F) == EOF ? traits_type::eof() : C;
}
FileBuf::int_type FileBuf::overflow(int_type C) {
  if (!F)
    return traits_type::eof();
  if (traits_type::eq_int_type(C, traits_type::eof()))
    return std::fflush(F) ? traits_type::eof() : traits_type::not_eof(C);
  return std::putc(C, F) == EOF ? traits_type::eof() : C;
}
std::streamsize FileBuf::xsgetn(char *S, std::streamsize N) {
  return F ? std::streamsize(std::fread(S, 1, std::size_t(N), F)) : 0;
}
std::streamsize FileBuf::xsputn(const char *S, std::streamsize N) {
  return F ? std::streamsize(std::fwrite(S, 1, std::size_t(N), F)) : 0;
}
int FileBuf::sync() { return F && std::fflush(F) ? -1 : 0; }
FileBuf::pos_type FileBuf::seekoff(off_type Off, std::ios_base::seekdir Dir,
                                   std::ios_base::openmode) {
  int Whence = Dir == std::ios_base::beg   ? SEEK_SET
               : Dir == std::ios_base::cur ? SEEK_CUR
                                           : SEEK_END;
  if (!F || fseeko(F, Off, Whence))
    return pos_type(off_type(-1));
  return pos_type(off_type(ftello(F)));
}
FileBuf::pos_type FileBuf::seekpos(pos_type Pos, std::ios_base::openmode M) {
  return seekoff(off_type(Pos), std::ios_base::beg, M);
}

namespace {
/// Nesting depth of quiet_others, and the descriptors it saved.
int QuietDepth = 0;
int SavedOut = -1, SavedErr = -1;

void flushAll() {
  std::fflush(stdout);
  std::fflush(stderr);
  std::cout.flush();
  std::cerr.flush();
}
} // namespace

quiet_others::quiet_others() {
  if (QuietDepth++ > 0 || rank() == 0)
    return;
  flushAll();
  const int Null = ::open("/dev/null", O_WRONLY);
  if (Null < 0)
    return; // no /dev/null: output stays (duplicated, never lost)
  SavedOut = ::dup(1);
  SavedErr = ::dup(2);
  ::dup2(Null, 1);
  ::dup2(Null, 2);
  ::close(Null);
}

void rt::speakAgain() {
  if (SavedOut < 0)
    return;
  flushAll();
  ::dup2(SavedOut, 1);
  ::dup2(SavedErr, 2);
  ::close(SavedOut);
  ::close(SavedErr);
  SavedOut = SavedErr = -1;
}

quiet_others::~quiet_others() {
  if (--QuietDepth > 0)
    return;
  rt::speakAgain();
}

} // namespace hpf
