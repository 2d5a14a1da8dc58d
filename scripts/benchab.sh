#!/bin/bash
# benchab.sh compares the speed of versions of the root package with
# benchstat, in a way that small differences survive (see docs/PERFORMANCE.md,
# "Measuring a small change").
#
# usage: scripts/benchab.sh <bench regex> <rounds> <layouts> <name=rev|dir>...
#   scripts/benchab.sh 'Perft/lasca/^bulk$' 5 4 old=main new=.
#
# Each version (a git revision, or a directory holding a working tree) is
# built <layouts> times, each time with a different amount of dead code in a
# file that sorts first, so that its hot code lands at other addresses; an
# address alone can move a perft rate by 10%. Each binary is copied to a
# fresh file before it runs: a binary as the linker wrote it has been seen
# to run 25% slower than a copy of itself here. The runs are interleaved,
# round after round, and all runs of a version's layouts make one sample.
# BENCHTIME (default 1x) is passed to -test.benchtime. Needs benchstat
# (go install golang.org/x/perf/cmd/benchstat@latest).
set -euo pipefail
[ $# -ge 4 ] || { sed -n '5,6p' "$0"; exit 2; }
re=$1 rounds=$2 layouts=$3
shift 3
repo=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
benchstat=$(command -v benchstat || echo "$(go env GOPATH)/bin/benchstat")
names=()
for spec in "$@"; do
	name=${spec%%=*} src=${spec#*=}
	dir=$work/src-$name
	mkdir -p "$dir"
	if [ -d "$src" ]; then
		(cd "$src" && git ls-files -co --exclude-standard | tar cf - -T -) | (cd "$dir" && tar xf -)
	else
		git -C "$repo" archive "$src" | (cd "$dir" && tar xf -)
	fi
	for l in $(seq 0 $((layouts - 1))); do
		{
			echo "package bashni"
			for k in $(seq 0 $((l * 7))); do
				echo "func layoutPad$k(x int) int { for i := 0; i < x; i++ { x ^= i * $k }; return x }"
			done
		} >"$dir/aaa_layout_pad.go"
		(cd "$dir" && go test -c -o "$work/raw" .)
		cat "$work/raw" >"$work/$name-$l.test"
		chmod +x "$work/$name-$l.test"
	done
	names+=("$name")
done
for _ in $(seq "$rounds"); do
	for l in $(seq 0 $((layouts - 1))); do
		for n in "${names[@]}"; do
			"$work/$n-$l.test" -test.run '^$' -test.bench "$re" -test.benchtime "${BENCHTIME:-1x}" |
				grep '^Benchmark' >>"$work/$n.txt"
		done
	done
done
cd "$work" && "$benchstat" $(printf '%s.txt ' "${names[@]}")
