# Issue 14, check 2: the watchdog. SIGSTOP freezes the clock's main process, so its frame loop
# stops pinging WATCHDOG=1; systemd must kill it and start it again within WatchdogSec +
# RestartSec (the restart job's start, as the journal dates it: the new process itself comes
# after the unit's ExecCondition), and the new one show the time again (systemd-watchdog.host.sh).
kt_sd_begin
pid=$(kt_sd_prop MainPID)
restarts=$(kt_sd_prop NRestarts)
watchdog=$(kt_sd_seconds WatchdogUSec) restart=$(kt_sd_seconds RestartUSec)
((watchdog > 0)) || kt_fail "the unit has no WatchdogSec"
kill -STOP "$pid"
kt_sd_mark stopped
kt_sd_wait $((watchdog + restart + 10)) "systemd restarts nixie-clock after SIGSTOP" \
  kt_sd_logged '^Starting nixie-clock.service'
kt_sd_mark timeout "at_us=$(kt_sd_logged_at 'Watchdog timeout')"
kt_sd_mark restarting "at_us=$(kt_sd_logged_at '^Starting nixie-clock.service')"
kt_sd_wait "$KT_SD_START" "the new nixie-clock is ready" kt_sd_new_pid "$pid"
kt_sd_mark ready "at_us=$(kt_sd_prop ActiveEnterTimestampMonotonic)"
kt_expect "restarts" $((restarts + 1)) "$(kt_sd_prop NRestarts)"
kt_sd_observe 3
kt_sd_mark end
echo "limit=$((watchdog + restart))" >limit
kt_sd_trace
