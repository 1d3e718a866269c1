# From SIGSTOP to the restart job's start: at most WatchdogSec + RestartSec (the limit the VM
# part read from the unit); the new process shows the right time within 2 s of READY=1.
[[ ! -f skip ]] || kt_skip "$(cat skip)"
# shellcheck source=/dev/null
source ./limit
kt_sd_marks >marks.jsonl
# The newest markers of those names: the trace holds the checks before this one too.
since_stop() { kt_json marks.jsonl "([m for m in j if m['name'] == '$1'][-1]['mono_ns']
  - [m for m in j if m['name'] == 'stopped'][-1]['mono_ns']) / 1e9"; }
took=$(since_stop restarting)
echo "after SIGSTOP: killed $(since_stop timeout)s, restarting ${took}s, ready $(since_stop ready)s (limit ${limit}s)"
awk -v took="$took" -v limit="$limit" 'BEGIN { exit !(took <= limit) }' ||
  kt_fail "systemd restarted the clock ${took}s after SIGSTOP, more than WatchdogSec + RestartSec = ${limit}s"
kt_sd_shown clock --zone "$KT_SD_ZONE" --from ready --grace 2 --to end | tee clock.json ||
  kt_fail "after the restart the tubes did not show the time (clock.json)"
