#!/bin/sh
# Generic CI step (GitLab CI, Jenkins, Buildkite, Bitrise, a git hook…): lints the animations
# under the given folders and leaves reports for the CI to pick up. Exit status: lottiekit's
# (0 clean, 1 new findings at or above --fail-on, 2 input or configuration error).
#   LOTTIEKIT        the binary (default: lottiekit on PATH)
#   LOTTIEKIT_OUT    report folder (default: lottiekit-reports)
#   LOTTIEKIT_TARGETS renderers for the compat table (default: ios,android,web)
# .lottiekit-baseline.json, when present, hides the findings the team accepted (lint --write-baseline).
set -u
lottiekit=${LOTTIEKIT:-lottiekit}
out=${LOTTIEKIT_OUT:-lottiekit-reports}
targets=${LOTTIEKIT_TARGETS:-ios,android,web}
[ $# -gt 0 ] || set -- animations
mkdir -p "$out"
if [ -f .lottiekit-baseline.json ]; then set -- --baseline .lottiekit-baseline.json "$@"; fi
# JUnit for the CI's test tab, SARIF for code-scanning dashboards, text for the log.
"$lottiekit" lint --quiet --format junit "$@" > "$out/lottiekit.junit.xml"
status=$?
"$lottiekit" lint --quiet --format sarif "$@" > "$out/lottiekit.sarif" || true
"$lottiekit" lint "$@"
# The compat table takes the folders only (no baseline option).
while [ $# -gt 0 ] && [ "$1" = "--baseline" ]; do shift 2; done
"$lottiekit" compat --target "$targets" --format markdown "$@" > "$out/compat.md" || true
exit $status
