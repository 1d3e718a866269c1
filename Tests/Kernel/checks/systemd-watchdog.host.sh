# SIGSTOP to systemd's kill: at most WatchdogSec; the killed process's end to the restart job's
# start: at most RestartSec (the limits the VM part read from the unit), each with 1 s for a
# VM without KVM; the new process shows the right time within 2 s of its READY=1.
[[ ! -f skip ]] || kt_skip "$(cat skip)"
# shellcheck source=/dev/null
source ./limit
kt_sd_marks >marks.jsonl
# The newest marker of a name: the trace holds the checks before this one too.
at() { kt_json marks.jsonl "[m for m in j if m['name'] == '$1'][-1]['mono_ns'] / 1e9"; }
between() { awk -v a="$(at "$1")" -v b="$(at "$2")" 'BEGIN { printf "%.3f", b - a }'; }
killed=$(between stopped timeout) restarted=$(between exited restarting)
echo "after SIGSTOP: killed ${killed}s (WatchdogSec ${watchdog}s), died $(between stopped exited)s," \
  "restarting $(between stopped restarting)s (${restarted}s after it died, RestartSec ${restart}s)," \
  "ready $(between stopped ready)s"
within() { awk -v took="$1" -v limit="$2" 'BEGIN { exit !(took <= limit + 1) }'; }
within "$killed" "$watchdog" ||
  kt_fail "systemd killed the stopped clock ${killed}s after SIGSTOP, more than WatchdogSec = ${watchdog}s"
within "$restarted" "$restart" ||
  kt_fail "systemd restarted the clock ${restarted}s after the old one died, more than RestartSec = ${restart}s"
kt_sd_shown clock --zone "$KT_SD_ZONE" --from ready --grace 2 --to end | tee clock.json ||
  kt_fail "after the restart the tubes did not show the time (clock.json)"
