/* rlottie's C API (Debian: librlottie-dev), for `lottiekit render` and `diff --render`.
   Only the worker process calls it: rlottie crashes on some real files. */
#include <rlottie_capi.h>
