#!/usr/bin/env bash
# Runs the tests of a package built with `swift build --build-tests` in several processes at
# once: one per group, and one more for every test no group picks, so that no test is left out.
# The screens' and the controller's tests run on the main actor, which is one thread in each
# process: one process leaves the second core idle for much of the run.
#
#   Scripts/test-groups.sh REGEX [REGEX...] -- SWIFT_TEST_ARGUMENTS...
#
# Each REGEX picks tests by their id (`Module.Suite/test()`) for a process of its own, but for
# those an earlier REGEX picks; say `^Module\.` to give a test target its own process. The
# arguments after `--` go to each `swift test` (they must be those of the build, else it builds
# again). Each process's output is printed whole when it ends, in the order of the groups; the
# status is the first failure's, or 0.
set -uo pipefail

groups=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  groups+=("$1")
  shift
done
if [ $# -eq 0 ] || [ ${#groups[@]} -eq 0 ]; then
  echo "usage: $0 REGEX [REGEX...] -- SWIFT_TEST_ARGUMENTS..." >&2
  exit 2
fi
shift

logs=$(mktemp -d)
pids=()
names=()
stop() {
  kill "${pids[@]}" 2>/dev/null
  wait
  rm -rf "$logs"
}
trap 'stop; exit 130' INT TERM
trap 'rm -rf "$logs"' EXIT

# The tests were built by the command before; `--ignore-lock` lets the processes share the build
# folder, which none of them writes.
# A test goes to the first group that picks it: each process skips what the groups before its
# own pick, the last what any group picks.
earlier=()
for group in "${groups[@]}"; do
  skip=()
  if [ ${#earlier[@]} -gt 0 ]; then skip=(--skip "$(IFS='|'; echo "${earlier[*]}")"); fi
  swift test --skip-build --ignore-lock "$@" --filter "$group" "${skip[@]}" \
    >"$logs/${#pids[@]}" 2>&1 &
  pids+=($!)
  names+=("tests matching $group")
  earlier+=("$group")
done
swift test --skip-build --ignore-lock "$@" --skip "$(IFS='|'; echo "${earlier[*]}")" \
  >"$logs/${#pids[@]}" 2>&1 &
pids+=($!)
names+=("the other tests")

status=0
summary=()
for index in "${!pids[@]}"; do
  wait "${pids[$index]}"
  code=$?
  cat "$logs/$index"
  summary+=("${names[$index]}: $(if [ "$code" -eq 0 ]; then echo passed; else echo "FAILED ($code)"; fi)")
  if [ "$code" -ne 0 ] && [ "$status" -eq 0 ]; then status=$code; fi
done
printf '%s\n' "${summary[@]}"
exit "$status"
