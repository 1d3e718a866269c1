# Issue 14, check 3: failures. A crash (SIGSEGV) restarts the clock, which shows the time
# again (systemd-crash.host.sh). A board whose chip is not there (a Raspberry Pi 5 profile on
# this Pi 4: pinctrl-rp1) fails every start; the unit's start limit ends the restart loop (the
# unit stays failed) and `systemctl status` names the chip and the fix.
kt_sd_begin
pid=$(kt_sd_prop MainPID)
restarts=$(kt_sd_prop NRestarts)
kill -SEGV "$pid"
kt_sd_mark crashed
kt_sd_wait "$KT_SD_START" "a new nixie-clock after SIGSEGV" kt_sd_new_pid "$pid"
kt_sd_mark restarted "at_us=$(kt_sd_prop ExecMainStartTimestampMonotonic)"
kt_sd_mark ready "at_us=$(kt_sd_prop ActiveEnterTimestampMonotonic)"
kt_expect "restarts after SIGSEGV" $((restarts + 1)) "$(kt_sd_prop NRestarts)"
kt_sd_logged 'status=11/SEGV' || kt_fail "systemd logged no SIGSEGV: $(kt_sd_journal -o cat | tail -n 5)"
kt_sd_observe 3
kt_sd_mark end
kt_sd_trace

sed 's/^  chip: pinctrl-bcm2711/  chip: pinctrl-rp1/; s/^name: .*/name: hv5622-6xin14-pi5/' \
  "$KT_HARNESS/$KT_SD_BOARD" >/etc/nixie/boards/pi5.yaml
kt_sd_config "$(kt_sd_standard_with 's|^board: .*|board: /etc/nixie/boards/pi5.yaml|')"
burst=$(systemctl show -P StartLimitBurst "$KT_UNIT")
interval=$(systemctl show -P StartLimitIntervalUSec "$KT_UNIT")
restart=$(kt_sd_seconds RestartUSec)
echo "start limit: $burst starts in $interval"
kt_sd_cursor
kt_sd_restart || true
kt_sd_wait $((burst * (restart + KT_SD_START))) "the start limit ends the restarts" \
  kt_sd_logged 'Start request repeated too quickly'
starts=$(kt_sd_journal -o cat | grep -c '^Starting nixie-clock.service')
kt_expect "starts before the start limit stopped them" "$burst" "$starts"
# No restart loop: the unit stays failed for two RestartSec more, and starts no more.
kt_sd_observe $((2 * restart))
kt_expect "state after the start limit" failed "$(kt_sd_prop ActiveState)"
kt_expect "starts after two RestartSec more" "$burst" "$(kt_sd_journal -o cat | grep -c '^Starting nixie-clock.service')"
kt_expect "lines held while failed" "" "$(kt_sd_consumers)"
# What the user then sees. Trixie's systemctl status shows no journal line of the failed
# starts any more (only those of the refused one), so the reason must be the unit's status
# line: what the daemon last sent as sd_notify STATUS= (systemd keeps it after the exit).
systemctl status --no-pager -l -n 20 "$KT_UNIT" >status.txt 2>&1 || true
cat status.txt
status_line=$(sed -n 's/^ *Status: //p' status.txt)
[[ -n $status_line ]] || kt_fail "systemctl status has no Status: line"
[[ $status_line == *pinctrl-rp1* ]] || kt_fail "the Status: line does not name the missing chip pinctrl-rp1: $status_line"
[[ $status_line == *gpiodetect* ]] || kt_fail "the Status: line does not give the fix (list the chips: gpiodetect): $status_line"
kt_sd_standard
