# Shared by the host-side scripts of the kernel test harness (sourced, not run).
# Everything downloaded or built lives in the cache, outside the repository, so a fresh clone
# on the same machine reuses it: $NIXIE_KERNEL_CACHE, default ${XDG_CACHE_HOME:-~/.cache}/nixie-kernel.

KT_HARNESS=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KT_REPO=$(cd "$KT_HARNESS/../.." && pwd)
KT_CACHE=${NIXIE_KERNEL_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/nixie-kernel}
# What prepare made for this clone (several clones share the cache).
KT_PREPARED="$KT_CACHE/prepared/$(printf '%s' "$KT_REPO" | sha256sum | cut -c1-16).env"
# System Python on purpose: the VM runs it too, from the host root, where no pyenv shims work.
KT_PYTHON=${KT_PYTHON:-$(command -v /usr/bin/python3 || command -v python3)}

kt_say() { echo "kernel-test: $*" >&2; }
kt_die() { echo "kernel-test: $*" >&2; exit 1; }

# Seconds since the epoch with milliseconds, for the timings the harness prints.
kt_now() { date +%s.%3N; }
kt_since() { awk -v start="$1" -v now="$(kt_now)" 'BEGIN { printf "%.1f", now - start }'; }

# Runs "$@" holding the cache lock, so two worktrees preparing at once do not collide.
kt_locked() {
  mkdir -p "$KT_CACHE"
  (
    flock 9
    "$@"
  ) 9>"$KT_CACHE/.lock"
}

# Makes a new results folder under $KT_CACHE/runs, links it as runs/latest, keeps the ten
# newest, and prints its path.
kt_new_run() {
  local out
  mkdir -p "$KT_CACHE/runs"
  out=$(mktemp -d "$KT_CACHE/runs/$(date +%Y%m%d-%H%M%S)-XXXX")
  ln -sfn "$out" "$KT_CACHE/runs/latest"
  find "$KT_CACHE/runs" -mindepth 1 -maxdepth 1 -type d -name '2*' -printf '%T@ %p\n' |
    sort -rn | tail -n +11 | cut -d' ' -f2- | xargs -r rm -rf
  echo "$out"
}
