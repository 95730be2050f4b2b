#!/usr/bin/env bash
# Builds Telegram Desktop's rlottie (github.com/desktop-app/rlottie, the fork Telegram Desktop
# links; or Telegram iOS's, TelegramMessenger/rlottie) as a shared library the renderer lab's Python bindings can load (#18): test tooling for
# the `telegram-desktop` target's measured entries, never a product dependency.
#
# Usage: Scripts/telegram-rlottie.sh SOURCE_DIR [OUT_DIR]
#   SOURCE_DIR  a checkout of desktop-app/rlottie (its src/ and inc/ are enough)
#   OUT_DIR     where libtgrlottie.so goes (default .build/telegram-rlottie)
#
# Built as a release build is (-O2 -DNDEBUG: with assertions on, the fork stops on some files
# that a release build draws), without the optional image module and threads, with g++ alone (the
# project's CMake files need desktop-app's build helpers). rlottie-python 1.3.8 also calls
# lottie_init, lottie_shutdown, lottie_configure_model_cache_size and
# lottie_animation_get_markerlist, which the fork's C API lacks: they are added as no-ops.
# Telegram's iOS fork (TelegramMessenger/rlottie, which desktop-app/rlottie merged in 2021-11)
# builds the same way; its vrle.cpp uses std::numeric_limits without <limits>, which Apple's
# headers bring in and GCC's do not, hence `-include limits`.
# Then: TELEGRAM_RLOTTIE=OUT_DIR/libtgrlottie.so for Tests/oracles/compat_fixtures.py's
# `telegram-desktop` player and the evidence test's sample.
set -euo pipefail
src=${1:?usage: Scripts/telegram-rlottie.sh SOURCE_DIR [OUT_DIR]}
out=${2:-.build/telegram-rlottie}
[ -f "$src/inc/rlottie_capi.h" ] || { echo "telegram-rlottie: $src is not an rlottie checkout (no inc/rlottie_capi.h)" >&2; exit 2; }
mkdir -p "$out/obj"
src=$(cd "$src" && pwd)
: > "$out/config.h"
cat > "$out/shim.c" <<'EOF'
#include <stddef.h>
/* Entry points rlottie-python calls that the fork's C API does not have. */
void lottie_init(void) {}
void lottie_shutdown(void) {}
void lottie_configure_model_cache_size(size_t size) { (void)size; }
const void *lottie_animation_get_markerlist(void *animation) { (void)animation; return NULL; }
EOF
find "$src/src" -name '*.cpp' ! -name '*neon*' | sort | while read -r f; do
  echo "$f"
done | xargs -P "$(nproc)" -I{} sh -c '
  f="{}"; o="'"$out"'/obj/$(echo "$f" | tr "/" "_").o"
  g++ -std=c++14 -O2 -DNDEBUG -fPIC -w -include limits -DLOTTIE_DISABLE_ARM_NEON -DLOT_BUILD -I"'"$out"'" -I"'"$src"'/inc" \
    -I"'"$src"'/src/vector" -I"'"$src"'/src/vector/freetype" -I"'"$src"'/src/vector/pixman" -I"'"$src"'/src/vector/stb" \
    -I"'"$src"'/src/lottie" -c "$f" -o "$o"'
gcc -O2 -fPIC -c "$out/shim.c" -o "$out/obj/shim.o"
g++ -shared -o "$out/libtgrlottie.so" "$out"/obj/*.o -lpthread
echo "wrote $out/libtgrlottie.so"
