# Issue 14, check 2: the watchdog. SIGSTOP freezes the clock's main process, so its frame loop
# stops pinging WATCHDOG=1; systemd must kill it within WatchdogSec and, once the killed process
# is gone (it dumps core on SIGABRT, which takes its own time), start it again within RestartSec
# (the restart job's start, as the journal dates it: the new process itself comes after the
# unit's ExecCondition); the new one shows the time again (systemd-watchdog.host.sh). Between
# the killed process's end and the unit's failure runs ExecStopPost (nixie blank, issue 34).
kt_sd_begin
pid=$(kt_sd_prop MainPID)
restarts=$(kt_sd_prop NRestarts)
watchdog=$(kt_sd_seconds WatchdogUSec) restart=$(kt_sd_seconds RestartUSec)
((watchdog > 0)) || kt_fail "the unit has no WatchdogSec"
kill -STOP "$pid"
kt_sd_mark stopped
kt_sd_wait $((watchdog + restart + 10)) "systemd restarts nixie-clock after SIGSTOP" \
  kt_sd_logged '^Starting nixie-clock.service'
# Each journal line must be there: a marker without its date would stand for "now".
for mark in "timeout:Watchdog timeout" "ended:Main process exited, code=killed" \
  "exited:Failed with result 'watchdog'" "restarting:^Starting nixie-clock.service"; do
  at=$(kt_sd_logged_at "${mark#*:}")
  [[ -n $at ]] || kt_fail "the journal has no line matching \"${mark#*:}\""
  kt_sd_mark "${mark%%:*}" "at_us=$at"
done
kt_sd_wait "$KT_SD_START" "the new nixie-clock is ready" kt_sd_new_pid "$pid"
kt_sd_mark ready "at_us=$(kt_sd_prop ActiveEnterTimestampMonotonic)"
kt_expect "restarts" $((restarts + 1)) "$(kt_sd_prop NRestarts)"
kt_sd_observe 3
kt_sd_mark end
echo "watchdog=$watchdog restart=$restart" >limit
kt_sd_trace
