#!/bin/sh
# Checks `make install PREFIX=…`: the binary, the man page (rendered with `man -l`) and the bash,
# zsh and fish completions land where those tools look, and work. Run by `make test`.
set -eu
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
make --no-print-directory install PREFIX="$prefix" >/dev/null
fail() { echo "install-check: $*" >&2; exit 1; }
for f in bin/lottiekit share/man/man1/lottiekit.1 share/bash-completion/completions/lottiekit \
         share/zsh/site-functions/_lottiekit share/fish/vendor_completions.d/lottiekit.fish; do
  [ -s "$prefix/$f" ] || fail "$f was not installed"
done
"$prefix/bin/lottiekit" --version >/dev/null || fail "the installed binary does not run"
if command -v man >/dev/null 2>&1; then
  page=$(MANWIDTH=100 man -l "$prefix/share/man/man1/lottiekit.1" 2>/dev/null)
  for word in "lottiekit" "rename-assets" "--write-baseline" "Exit codes"; do
    echo "$page" | grep -q -- "$word" || fail "man -l does not show '$word'"
  done
else
  echo "install-check: man is not installed; page not rendered" >&2
fi
bash -n "$prefix/share/bash-completion/completions/lottiekit" || fail "bash completion does not parse"
out=$(bash -c ". '$prefix/share/bash-completion/completions/lottiekit'; complete -p lottiekit") || fail "bash completion does not register"
echo "$out" | grep -q _lottiekit || fail "bash completion registers no function"
grep -q "#compdef lottiekit" "$prefix/share/zsh/site-functions/_lottiekit" || fail "zsh completion has no #compdef"
grep -q "complete -c 'lottiekit'" "$prefix/share/fish/vendor_completions.d/lottiekit.fish" || fail "fish completion has no complete -c"
echo "install-check: binary, man page and bash/zsh/fish completions installed and working"
