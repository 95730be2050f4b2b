/* rlottie's C API (Debian: librlottie-dev), for `lottiekit render` and `diff --render`.
   Only the worker process calls it: rlottie crashes on some real files. */
#include <rlottie_capi.h>
#include <signal.h>
#include <unistd.h>
#include <sys/resource.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

/* The worker must not outlive the lottiekit that started it (`parent`): the kernel kills it when
   that process dies, even by SIGKILL, and it may use at most `seconds` of CPU (rlottie expands
   precomps recursively, so a small file can keep it busy for ever). Returns 0 when the parent is
   already gone. prctl is variadic, so Swift cannot call it directly. */
static inline int lottiekit_bound_worker(pid_t parent, unsigned int seconds) {
#ifdef __linux__
  prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
  struct rlimit r;
  r.rlim_cur = seconds;
  r.rlim_max = seconds + 1;
  setrlimit(RLIMIT_CPU, &r);
  return getppid() == parent;
}
