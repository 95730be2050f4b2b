#!/usr/bin/env bash
# Builds the libFuzzer targets (address sanitizer) and runs each for a bounded time.
#   Scripts/fuzz.sh [SECONDS] [RUNS] [SEED]   default: 30 s or 10 million runs per target, whichever
#   first; a SEED with a RUNS count small enough to finish in time makes the run reproducible (CI).
# Seeds come from ../shared/corpus, the test fixtures, Examples/ and the system icon sets. A crash
# or hang stops with exit 1 and leaves its input in .build-fuzz/artifacts/ (add it to
# Tests/Fixtures/fuzz/ as a regression test).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
runs=${2:-10000000}
seed=${3:-0}
scratch=.build-fuzz
targets="FuzzJSON FuzzLint FuzzSVG FuzzImages FuzzArchives"
for t in $targets; do
  LOTTIEKIT_FUZZ=1 swift build -c release --scratch-path "$scratch" -Xswiftc -sanitize=fuzzer,address \
    -Xswiftc -parse-as-library --product "$t" 2>&1 | grep -E "error|warning: unre" || true
  [ -x "$scratch/release/$t" ] || { echo "fuzz: $t did not build"; exit 2; }
done
seeds="$scratch/seeds"
if [ ! -d "$seeds" ]; then
  mkdir -p "$seeds"/{json,svg,images,archives}
  find ../shared/corpus Tests/Fixtures Examples -name '*.json' -size -64k 2>/dev/null | head -400 | xargs -r -I{} cp {} "$seeds/json/" 2>/dev/null || true
  find Examples Tests -name '*.svg' 2>/dev/null | xargs -r -I{} cp {} "$seeds/svg/" 2>/dev/null || true
  for d in /usr/share/bootstrap-icons/svg /usr/share/icons/Adwaita/scalable; do
    [ -d "$d" ] && find "$d" -name '*.svg' | head -150 | xargs -r -I{} cp {} "$seeds/svg/" 2>/dev/null || true
  done
  find Tests/Fixtures Examples -name '*.png' -o -name '*.jpg' -o -name '*.webp' -o -name '*.gif' 2>/dev/null | xargs -r -I{} cp {} "$seeds/images/" 2>/dev/null || true
  printf 'data:image/png;base64,iVBORw0KGgo=' > "$seeds/images/uri.txt"
  find ../shared/corpus -name '*.tgs' -size -64k -o -name '*.lottie' -size -256k 2>/dev/null | head -80 | xargs -r -I{} cp {} "$seeds/archives/" 2>/dev/null || true
fi
mkdir -p "$scratch/artifacts"
status=0
for t in $targets; do
  case $t in
    FuzzJSON|FuzzLint) s=json; len=16384 ;;
    FuzzSVG) s=svg; len=16384 ;;
    FuzzImages) s=images; len=4096 ;;
    FuzzArchives) s=archives; len=65536 ;;
  esac
  # A seeded run starts from the seeds alone (a fresh working corpus), so that it does the same
  # thing on every machine; an unseeded one keeps what earlier runs found.
  if [ "$seed" != 0 ]; then work="$scratch/corpus-seeded/$t"; rm -rf "$work"; else work="$scratch/corpus/$t"; fi
  mkdir -p "$work"
  log="$scratch/$t.log"
  if [ "$seed" != 0 ]; then log="$scratch/$t.seeded.log"; fi
  if SWIFT_BACKTRACE=enable=no "$scratch/release/$t" -max_total_time="$seconds" -runs="$runs" -max_len="$len" -timeout=10 \
      -rss_limit_mb=2560 -seed="$seed" -print_final_stats=1 -artifact_prefix="$scratch/artifacts/$t-" "$work" "$seeds/$s" > "$log" 2>&1; then
    printf 'fuzz: %-13s %12s runs in %5s s, no crash\n' "$t" "$(grep -a -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')" \
      "$(grep -a -m1 -o 'Done [0-9]* runs in [0-9]*' "$log" | awk '{print $5}')"
  else
    echo "fuzz: $t FAILED (see $log and $scratch/artifacts/)"; grep -a -m3 -E "ERROR|Fatal error" "$log" || true
    status=1
  fi
done
exit $status
