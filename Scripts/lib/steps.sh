# What Scripts/test keeps of each of its steps (sourced, not run): when it ran, the CPU time it
# and its children took, its status, and whether the host was left as it was found.
#
#   steps_begin LOG            at the start: the host's state as found, the log's header
#   step NAME COMMAND...       runs COMMAND, records it, checks the host after it
#   steps_report               the table of steps (docs/TESTING.md reads it), the load
#
# The host's state is what a run must never change (issue 38): the device nodes a chroot's /dev
# could reach (the host's /dev/null once became a regular file during a run), mounts left under
# the repository or the caches, entries in binfmt_misc, loop devices on their files. A step
# after which it differs fails the run at once, naming the step and those running beside it.

STEPS_LOG=""
STEPS_START=0
STEPS_HOST=""
STEPS_CHANGED=""

# The places a run writes below: the repository and the two caches.
_steps_places() {
  printf '%s\n' "$PWD" "${NIXIE_KERNEL_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/nixie-kernel}" \
    "${NIXIE_PACKAGE_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/nixie-package}"
}

# The host's state as one text: a line per device node, mount, binfmt entry and loop device.
steps_host_state() {
  local node place
  for node in null zero full random urandom tty; do
    stat -c 'device %n: %F %t:%T %a' "/dev/$node" 2>&1 || true
  done
  # Mounts below this clone (other clones' runs share the caches, and their mounts are theirs).
  awk -v place="$PWD" '$5 == place || index($5, place "/") == 1 { print "mount " $5 }' /proc/self/mountinfo
  while read -r place; do
    losetup --list --noheadings --output NAME,BACK-FILE 2>/dev/null |
      awk -v place="$place" 'index($2, place "/") == 1 { print "loop device " $1 " on " $2 }'
  done < <(_steps_places)
  if [[ -e /proc/sys/fs/binfmt_misc/status ]]; then
    ls /proc/sys/fs/binfmt_misc | grep -vx -e register -e status | sed 's/^/binfmt_misc entry /'
  fi
}

steps_begin() {
  if [[ ! -c /dev/null || $(stat -c '%t:%T' /dev/null) != 1:3 ]]; then
    echo "test: /dev/null is not the null device ($(stat -c %F /dev/null)): as root, rm /dev/null && mknod -m 666 /dev/null c 1 3" >&2
    exit 1
  fi
  STEPS_LOG=$1
  STEPS_START=$(date +%s.%N)
  STEPS_HOST=$(steps_host_state)
  STEPS_CHANGED=${STEPS_LOG%.*}.host-changed
  rm -f "$STEPS_CHANGED"
  printf 'step\tstart_s\tend_s\twall_s\tcpu_s\tstatus\tload_at_end\n' >"$STEPS_LOG"
}

_steps_now() { awk -v start="$STEPS_START" -v now="$(date +%s.%N)" 'BEGIN { printf "%.0f", now - start }'; }

# _steps_cpu FILE: writes the CPU seconds (user and system) of this shell's children that have
# ended to FILE (`times` in this shell: in a pipe or $(…) it would be another process's).
_steps_cpu() {
  times >"$1"
  awk 'NR == 2 { gsub(/[ms]/, " "); print $1 * 60 + $2 + $3 * 60 + $4 }' "$1" >"$1.s" && mv "$1.s" "$1"
}

# steps_check NAME: the host's state against the one found; a difference is written to the
# run's host-changed file (which steps_failed reads) and said loudly.
steps_check() {
  local now
  now=$(steps_host_state)
  [[ $now != "$STEPS_HOST" ]] || return 0
  {
    echo "THE HOST CHANGED during the step '$1' (or one running beside it: $(steps_running)):"
    diff <(echo "$STEPS_HOST") <(echo "$now") | sed -n 's/^</  was: /p; s/^>/  now: /p'
    # shellcheck disable=SC2016 # the command is printed, not run
    [[ -c /dev/null ]] || echo '  /dev/null is not the device: rm /dev/null && mknod -m 666 /dev/null c 1 3 (as root) makes it again'
  } | tee -a "$STEPS_CHANGED" >&2
  return 1
}

# Whether some step changed the host (the run then stops).
steps_failed() { [[ -s $STEPS_CHANGED ]]; }

# The steps that started and have not ended, by the log.
steps_running() {
  local running
  running=$(ls "${STEPS_LOG%.*}.running" 2>/dev/null | grep -v '\.cpu$' | tr '\n' ' ')
  echo "${running:-none}"
}

# step NAME COMMAND...: runs COMMAND and records it; its status is COMMAND's, or 1 when the
# host changed.
step() {
  local name=$1 begin end cpu status=0 marks="${STEPS_LOG%.*}.running"
  shift
  mkdir -p "$marks" && touch "$marks/$name"
  begin=$(_steps_now)
  # In a subshell of its own, whose children are the step's alone (the caller's may include
  # steps running beside it); it leaves its CPU time in a file.
  # Waited for with `wait`, so that a signal to the caller runs its trap at once.
  (
    _steps_cpu "$marks/$name.cpu"
    before=$(cat "$marks/$name.cpu")
    status=0
    "$@" || status=$?
    _steps_cpu "$marks/$name.cpu"
    awk -v a="$before" -v b="$(cat "$marks/$name.cpu")" 'BEGIN { printf "%.0f", b - a }' >"$marks/$name.cpu"
    exit "$status"
  ) &
  wait "$!" || status=$?
  end=$(_steps_now)
  cpu=$(cat "$marks/$name.cpu" 2>/dev/null || echo "?")
  rm -f "$marks/$name" "$marks/$name.cpu"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$begin" "$end" "$((end - begin))" "$cpu" "$status" \
    "$(cut -d' ' -f1 /proc/loadavg)" >>"$STEPS_LOG"
  steps_check "$name" || status=1
  return "$status"
}

# The table of steps, in the order they started, and the run's length and CPU.
steps_report() {
  local total
  total=$(_steps_now)
  echo "test: the steps (seconds from the start; CPU of the step and its children; load average at its end):"
  { head -n 1 "$STEPS_LOG" && tail -n +2 "$STEPS_LOG" | sort -t $'\t' -k2,2n; } | column -t -s $'\t' | sed 's/^/  /'
  awk -F'\t' -v total="$total" 'NR > 1 { cpu += $5 } END {
    printf "test: %d s in all (%d min %d s); the steps took %d CPU seconds, %.0f %% of two cores\n",
      total, total / 60, total % 60, cpu, 100 * cpu / (2 * total) }' "$STEPS_LOG"
}
