#!/usr/bin/env bash
# Golden snapshot of lottiekit's observable behaviour, for restructuring without changing it (#22).
#
#   Scripts/snapshot-outputs.sh BIN OUTFILE
#
# Runs the lottiekit binary BIN over the corpus (../shared/corpus, or $CORPUS) and
# Tests/Fixtures/planted, and writes OUTFILE: one line per (command, options, input) with the
# SHA-256 of its stdout, stderr and exit code (for pack: of the bytes written too). Two manifests
# from two binaries must be identical:  diff before.txt after.txt
#
# It runs from the repository root with relative paths, so paths in the outputs match between runs.
# Temporary outputs (pack) go to one folder whose name is replaced by <tmp> before hashing.
# Per-file invocations run two at a time (JOBS=2); folder invocations exercise the multi-file paths
# (summaries, SARIF/JUnit over many files, the compat table).
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 BIN OUTFILE" >&2
  exit 64
fi
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
OUT=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
[ -x "$BIN" ] || { echo "$0: $1 is not an executable" >&2; exit 64; }
cd "$(dirname "$0")/.."
CORPUS=${CORPUS:-../shared/corpus}
PLANTED=Tests/Fixtures/planted
JOBS=${JOBS:-2}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/lottiekit-snapshot.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export BIN WORK

# hash_run LABEL OPTIONS INPUT -- ARGS...: runs BIN ARGS and prints one manifest line. In ARGS,
# @TMP@ stands for the run's own temporary folder (pack writes there: what it writes is hashed too).
hash_run() {
  local label=$1 options=$2 input=$3
  shift 4
  local tmp
  tmp=$(mktemp -d "$WORK/run.XXXXXX")
  local args=()
  for a in "$@"; do args+=("${a//@TMP@/$tmp}"); done
  local rc=0
  "$BIN" "${args[@]}" >"$tmp/stdout" 2>"$tmp/stderr" </dev/null || rc=$?
  local digest
  digest=$( {
    sed "s|$WORK/[^/]*/|<tmp>/|g" "$tmp/stdout"
    echo "--- stderr"
    sed "s|$WORK/[^/]*/|<tmp>/|g" "$tmp/stderr"
    echo "--- exit $rc"
    # Files a command wrote (pack), in name order.
    if [ -d "$tmp/out" ]; then
      (cd "$tmp/out" && find . -type f | LC_ALL=C sort | while read -r f; do echo "--- file $f"; cat "$f"; done)
    fi
  } | sha256sum | cut -c1-64)
  rm -rf "$tmp"
  printf '%s\t%s\t%s\t%s\n' "$label" "$options" "$input" "$digest"
}
export -f hash_run

# Every per-file command for one animation file.
per_file() {
  local f=$1
  hash_run lint "" "$f" -- lint "$f"
  hash_run lint "--format json" "$f" -- lint --format json "$f"
  hash_run lint "--format sarif" "$f" -- lint --format sarif "$f"
  hash_run lint "--format github" "$f" -- lint --format github "$f"
  hash_run lint "--format junit" "$f" -- lint --format junit "$f"
  hash_run lint "--profile spec-strict --format json" "$f" -- lint --profile spec-strict --format json "$f"
  hash_run lint "--profile telegram-sticker --format json" "$f" -- lint --profile telegram-sticker --format json "$f"
  hash_run lint "--profile telegram-sticker --sticker-emoji --sticker-30fps" "$f" -- lint --profile telegram-sticker --sticker-emoji --sticker-30fps "$f"
  hash_run lint "--target rlottie,thorvg,web --format json" "$f" -- lint --target rlottie,thorvg,web --format json "$f"
  hash_run lint "--target ios,android,skottie,web-canvas,web-html,ios@4.4" "$f" -- lint --target ios,android,skottie,web-canvas,web-html,ios@4.4 "$f"
  hash_run info "" "$f" -- info "$f"
  hash_run info "--format json" "$f" -- info --format json "$f"
  hash_run compat "" "$f" -- compat "$f"
  hash_run compat "--format json" "$f" -- compat --format json "$f"
  hash_run format "" "$f" -- format "$f"
  hash_run format "--minify" "$f" -- format --minify "$f"
  for ext in json gz lottie tgs; do
    hash_run pack "--format $ext" "$f" -- pack --format "$ext" "$f" -o "@TMP@/out/anim.$ext"
  done
  hash_run strip "--dry-run --layer *a* --hidden" "$f" -- strip --dry-run --layer '*a*' --hidden "$f"
  hash_run strip "--dry-run --layer /^[A-Z]/ --cascade" "$f" -- strip --dry-run --layer '/^[A-Z]/' --cascade "$f"
}
export -f per_file


FILES=$(mktemp "$WORK/files.XXXXXX")
find "$CORPUS" "$PLANTED" -type f \( -name '*.json' -o -name '*.tgs' -o -name '*.lottie' -o -name '*.lot' \) \
  | LC_ALL=C sort >"$FILES"
FOLDERS=$( (find "$CORPUS" -mindepth 1 -maxdepth 1 -type d; find "$PLANTED" -mindepth 1 -maxdepth 1 -type d) | LC_ALL=C sort)

UNSORTED="$WORK/manifest.unsorted"
{
  # Per file.
  tr '\n' '\0' <"$FILES" | xargs -0 -n1 -P"$JOBS" bash -c 'per_file "$1"' _
  # Folders: every format with every profile, targets, the compat table, rename-assets plans.
  for folder in $FOLDERS; do
    for fmt in text json sarif junit github; do
      for prof in "" spec-strict telegram-sticker; do
        if [ -z "$prof" ]; then
          echo "hash_run lint '--format $fmt' '$folder' -- lint --format $fmt '$folder'"
        else
          echo "hash_run lint '--format $fmt --profile $prof' '$folder' -- lint --format $fmt --profile $prof '$folder'"
        fi
      done
      echo "hash_run lint '--format $fmt --target rlottie,thorvg,web' '$folder' -- lint --format $fmt --target rlottie,thorvg,web '$folder'"
    done
    echo "hash_run lint '--strict --quiet' '$folder' -- lint --strict --quiet '$folder'"
    echo "hash_run lint '--fail-on info' '$folder' -- lint --fail-on info '$folder'"
    echo "hash_run info '--format json' '$folder' -- info --format json '$folder'"
    for fmt in text json markdown; do
      echo "hash_run compat '--format $fmt' '$folder' -- compat --format $fmt '$folder'"
      echo "hash_run compat '--format $fmt --target rlottie,thorvg,web' '$folder' -- compat --format $fmt --target rlottie,thorvg,web '$folder'"
    done
    echo "hash_run rename-assets '--dry-run' '$folder' -- rename-assets --dry-run '$folder'"
    echo "hash_run rename-assets '--dry-run --scheme hash --dedupe --format json' '$folder' -- rename-assets --dry-run --scheme hash --dedupe --format json '$folder'"
  done | tr '\n' '\0' | xargs -0 -n1 -P"$JOBS" bash -c 'eval "$1"' _
  # Usage errors and lists.
  hash_run lint "--target nosuch" "-" -- lint --target nosuch "$PLANTED/controls"
  hash_run lint "--target ios@0.1" "-" -- lint --target ios@0.1 "$PLANTED/controls"
  hash_run lint "--profile nosuch" "-" -- lint --profile nosuch "$PLANTED/controls"
  hash_run rules "" "-" -- rules
  hash_run rules "--format json" "-" -- rules --format json
} >"$UNSORTED"
LC_ALL=C sort "$UNSORTED" >"$OUT"
echo "$0: $(wc -l <"$OUT") entries in $OUT" >&2
