#!/usr/bin/env bash
# Regenerates kiwi's solutions of the small benchmark workloads (needs kiwisolver==1.5.1):
#   pip install kiwisolver==1.5.1 && bash Tests/Fixtures/kiwi/regenerate.sh
# For each family and N: the workload (.layout), the linearised system (.dump, see
# ../../../../shared/bench/README.md), kiwi's frames before and after the workload's
# `# set-constant` change (.frames.csv, .frames-set.csv).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=${BENCH:-$here/../../../../shared/bench}
tmp=$(mktemp -d)
python3 "$bench/gen_workloads.py" "$tmp" --sizes 100,1000 >/dev/null
for f in "$tmp"/*.layout; do
    name=$(basename "$f" .layout)
    cp "$f" "$here/$name.layout"
    python3 "$bench/kiwi_peer.py" "$f" --dump "$here/$name.dump" >/dev/null
    python3 "$bench/kiwi_peer.py" "$f" --frames "$here/$name.frames.csv" \
        --frames-set "$here/$name.frames-set.csv" >/dev/null
done
rm -rf "$tmp"
