# SIGSTOP to systemd's kill: at most WatchdogSec; the unit's failure to the restart job's
# start: at most RestartSec; SIGSTOP to the restart job's start: at most WatchdogSec +
# RestartSec (the limits the VM part read from the unit), plus the time the unit's
# ExecStopPost (nixie blank) took between the killed process's end and the unit's failure:
# the stop's own work, not a delay of the watchdog's or the restart's. Under TCG each gets 1 s more (systemd
# itself runs emulated); under KVM 0.25 s, the accuracy systemd arms its timers with (sd-event's
# default). The new process shows the right time within 2 s of its READY=1.
[[ ! -f skip ]] || kt_skip "$(cat skip)"
# shellcheck source=/dev/null
source ./limit
kt_sd_marks >marks.jsonl
# The markers of this check (after its last "begin": the trace holds the checks before it
# too), in seconds; each must be there, and those standing for a journal date or a unit
# timestamp must carry it (at_us), or the numbers below would measure nothing.
times=$("$KT_PYTHON" -c '
import json, sys
marks = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
begins = [i for i, m in enumerate(marks) if m["name"] == "begin"]
if not begins:
    sys.exit("no marker begin in the trace")
newest = {m["name"]: m for m in marks[begins[-1]:]}
times = []
for name in ("stopped", "timeout", "ended", "exited", "restarting", "ready"):
    if name not in newest:
        sys.exit("no marker %s after the check began" % name)
    if name != "stopped" and not newest[name].get("at_us"):
        sys.exit("the marker %s has no date (at_us): it would stand for when it was written" % name)
    times.append(newest[name]["mono_ns"] / 1e9)
if times != sorted(times):
    sys.exit("the markers are out of order (stopped, timeout, ended, exited, restarting, ready): %s" % times)
print(*("%.6f" % t for t in times))' marks.jsonl) || kt_fail "the watchdog's markers: see host.log"
read -r stopped timeout ended exited restarting ready <<<"$times"
between() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }
killed=$(between "$stopped" "$timeout") restarted=$(between "$exited" "$restarting")
post=$(between "$ended" "$exited")
total=$(between "$stopped" "$restarting")
slack=0.25
[[ $(cat "$KT_OUT/vm.accel") == kvm ]] || slack=1
echo "after SIGSTOP: killed ${killed}s (WatchdogSec ${watchdog}s), died $(between "$stopped" "$ended")s," \
  "failed $(between "$stopped" "$exited")s (ExecStopPost ${post}s)," \
  "restarting ${total}s (${restarted}s after it died, RestartSec ${restart}s)," \
  "ready $(between "$stopped" "$ready")s; slack ${slack}s ($(cat "$KT_OUT/vm.accel"))"
within() { awk -v took="$1" -v limit="$2" -v slack="$slack" 'BEGIN { exit !(took <= limit + slack) }'; }
within "$killed" "$watchdog" ||
  kt_fail "systemd killed the stopped clock ${killed}s after SIGSTOP, more than WatchdogSec = ${watchdog}s (+${slack}s)"
within "$restarted" "$restart" ||
  kt_fail "systemd restarted the clock ${restarted}s after the old one died, more than RestartSec = ${restart}s (+${slack}s)"
allowed=$(awk -v w="$watchdog" -v r="$restart" -v p="$post" 'BEGIN { printf "%.3f", w + r + p }')
within "$total" "$allowed" ||
  kt_fail "systemd restarted the clock ${total}s after SIGSTOP, more than WatchdogSec + RestartSec + ExecStopPost = ${allowed}s (+${slack}s)"
kt_sd_shown clock --zone "$KT_SD_ZONE" --from ready --grace 2 --to end | tee clock.json ||
  kt_fail "after the restart the tubes did not show the time (clock.json)"
