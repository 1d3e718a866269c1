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

# The builds of nixie a check runs against, from its "# variants: gpiod1 gpiod2" line
# (default: gpiod1 alone). gpiod1 is the default build (libgpiod 1.6, .build/debug/nixie),
# gpiod2 the libgpiod 2.x build (.build-gpiod2/debug/nixie).
kt_variants() {
  local line
  line=$(grep -m1 '^# variants:' "$1" 2>/dev/null || true)
  echo "${line#\# variants:}" | awk '{ if (NF) print; else print "gpiod1" }'
}

# The name of a check's run against VARIANT: NAME for gpiod1, NAME.VARIANT otherwise.
kt_variant_name() {
  if [[ $2 == gpiod1 ]]; then echo "$1"; else echo "$1.$2"; fi
}

# Points KT_NIXIE and KT_GPIOD at the build a check variant runs against (exported).
kt_use_variant() {
  case $1 in
    gpiod2) export KT_GPIOD=2 KT_NIXIE=${KT_NIXIE_GPIOD2:-} ;;
    *) export KT_GPIOD=1 KT_NIXIE=${KT_NIXIE_GPIOD1:-} ;;
  esac
}

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
